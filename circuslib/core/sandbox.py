"""Where the teacher's grader runs a student's answer cells: a separate process that can change nothing outside it.

A :class:`Sandbox` is one interpreter started as ``python -I`` (no script folder, no ``PYTHON*`` variables, no user
site on its path) in an empty temporary folder, with a minimal environment; it imports the kit and runs the set-up
cells of the teacher's source notebook, and never runs a student's code itself. Each exercise is a :class:`Run`: a
fork of that pristine interpreter (so every exercise starts from the same state, in a few milliseconds rather than
the second an interpreter takes to import sympy), which before running any answer cell

- leaves the sandbox's control channel and starts its own session (a process group the grader can stop whole),
- moves into its own empty folder and points ``HOME`` and ``TMPDIR`` there,
- takes limits on CPU time, memory, file size and core dumps (``resource``), and
- where the Linux kernel offers Landlock, gives up for good the right to read anything but the Python installation
  and the kit, to write anything outside its folder, to run programs, to use the network and to signal processes
  outside itself (so it cannot touch the course folder, the gradebook or the grader).

The answer cells come from the grader, located in the submitted notebook by the grade_ids of the teacher's source;
nothing of the submission's folder is on the process's path or in its folder. The process sends back the answer as
plain data (:mod:`circuslib.core.plain`). A function answer stays in the process: the grader calls it through a
:class:`RemoteFunction`, sending plain arguments (pickled: the process only reads what the grader writes) and
reading back plain results, with a time limit on each call. Whatever the process says is only ever data for the
grader's checks, which run in the grader's own process, against keys that never enter this one.
"""
from __future__ import annotations

import builtins
import contextlib
import ctypes
import io
import json
import os
import pickle
import resource
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from .plain import PlainError, decode, encode
from .teach import WrongAnswer

__all__ = ["Limits", "Sandbox", "Run", "RemoteFunction", "SandboxStopped", "GraderFault", "Cell"]

Cell = tuple[str, str]
"""A cell to run: (its label in messages, its source)."""


@dataclass(frozen=True)
class Limits:
    """What one exercise's process may spend (seconds of wall-clock time, bytes)."""
    cell_seconds: float = 60.0
    """The answer cells an exercise needs, run one after another, before the answer is sent back: CPU seconds of
    the student's process (or as many by the clock while it sleeps; at most ten times as many by the clock)."""
    call_seconds: float = 20.0
    """One call of a student's function, counted the same way (the in-kernel checks allow as many seconds)."""
    memory_bytes: int = 2 * 2**30
    """Memory beyond what the pristine interpreter already holds."""
    cpu_seconds: int = 600
    """CPU time for the whole exercise, its calls included: a backstop behind the wall-clock limits."""
    file_bytes: int = 64 * 2**20
    """The largest file the process may write (in its own folder)."""
    start_seconds: float = 120.0
    """The sandbox's own start: importing the kit and running the source's set-up cells."""


class SandboxStopped(WrongAnswer):
    """The student's process ran out of time, stopped or answered in a form the grader cannot read (the message
    says which, in the words a check uses)."""


class GraderFault(BaseException):
    """The grader itself could not do its part (its sandbox would not start, say): not the student's doing.

    A BaseException, so that no check mistakes it for an error of the student's function."""


_HEADER = struct.Struct("!cI")
_JSON, _PICKLE = b"J", b"P"
MAX_MESSAGE = 64 * 2**20
_CONTROL_BUFFER = 1 << 20


def _send(channel: socket.socket, kind: bytes, payload: bytes) -> None:
    channel.sendall(_HEADER.pack(kind, len(payload)) + payload)


class _Budget:
    """How long a student's process may take: ``seconds`` of its own CPU time (so a loaded machine slows it but
    fails no one), or ``seconds`` by the clock while it sleeps instead of computing, and never more than ten times
    ``seconds`` by the clock. Without /proc (not Linux), ``seconds`` by the clock."""

    def __init__(self, pid: int, seconds: float) -> None:
        self.pid, self.seconds = pid, seconds
        self.started = time.monotonic()
        self.cpu_at_start = _cpu_and_state(pid)[0]
        self.idle = 0

    def spent(self) -> bool:
        wall = time.monotonic() - self.started
        cpu, state = _cpu_and_state(self.pid)
        if cpu is None or self.cpu_at_start is None:
            return wall > self.seconds
        if cpu - self.cpu_at_start > self.seconds or wall > 10 * self.seconds:
            return True
        self.idle = self.idle + 1 if state in ("S", "D", "T", "t") else 0  # asleep, waiting or stopped
        return wall > self.seconds and self.idle >= 4


_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _cpu_and_state(pid: int) -> tuple[float | None, str]:
    """A process's CPU seconds so far and its state letter, from /proc (None where there is no /proc)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None, "?"
    return (int(fields[11]) + int(fields[12])) / _TICKS, fields[0]


def _exactly(channel: socket.socket, size: int, budget: _Budget | None) -> bytes:
    parts, left = [], size
    channel.settimeout(None if budget is None else 0.25)
    while left:
        try:
            part = channel.recv(min(left, 1 << 20))
        except TimeoutError:
            if budget is not None and budget.spent():
                raise
            continue
        if not part:
            raise EOFError
        parts.append(part)
        left -= len(part)
    return b"".join(parts)


def _receive(channel: socket.socket, budget: _Budget | None) -> tuple[bytes, bytes]:
    kind, size = _HEADER.unpack(_exactly(channel, _HEADER.size, budget))
    if size > MAX_MESSAGE:
        raise ValueError("message too large")
    return kind, _exactly(channel, size, budget)


@contextlib.contextmanager
def _outer_clocks_paused() -> Iterator[None]:
    """While a student's process works, the grader's own wall-clock limits (a check's call_student, the judge's
    deadline) stand still: the process has its own budget, in its own CPU time."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    left, interval = signal.getitimer(signal.ITIMER_REAL)
    if left:
        signal.setitimer(signal.ITIMER_REAL, 0)
    try:
        yield
    finally:
        if left:
            signal.setitimer(signal.ITIMER_REAL, left, interval)


def _dumps(message: Any) -> bytes:
    return json.dumps(message, allow_nan=False, separators=(",", ":")).encode()


def _short(error: BaseException, limit: int = 80) -> str:
    try:
        text = " ".join(str(error).split())
    except BaseException:  # a student's exception whose message itself fails
        text = ""
    return text if len(text) <= limit else text[: limit - 1] + "…"


# ---------------------------------------------------------------------------------------------------------
# the grader's side

class RemoteFunction:
    """A student's function, called in the process that ran the student's cells; the grader sees plain data only."""

    def __init__(self, run: Run, handle: int, name: str, *, memo: bool = False) -> None:
        self._run, self._handle, self.__name__ = run, handle, name
        self.__qualname__ = name
        self._memo: dict[bytes, Any] | None = {} if memo else None

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self._run.call(self, args, kwargs)

    def __repr__(self) -> str:
        return f"<function {self.__name__}>"


class _Pickler(pickle.Pickler):
    def __init__(self, file: io.BytesIO, run: Run) -> None:
        super().__init__(file)
        self._run = run

    def persistent_id(self, obj: Any) -> Any:
        if isinstance(obj, RemoteFunction):
            if obj._run is not self._run:
                raise GraderFault("a function of one student process was passed to another")
            return ("fn", obj._handle)
        return None


_RAISED: dict[str, type[Exception]] = {}


def _raised(name: str, message: str) -> BaseException:
    """The error a student's function raised, as an Exception of the same name (never a WrongAnswer of theirs)."""
    if name == "RecursionError":
        return RecursionError(message)
    name = name if name.isidentifier() else "Exception"
    kind = _RAISED.get(name)
    if kind is None:
        kind = _RAISED.setdefault(name, type(name, (Exception,), {"__str__": lambda self: str(self.args[0])}))
    return kind(message)


class Run:
    """One exercise's process: the answer its cells gave, and its functions, callable until :meth:`close`."""

    def __init__(self, sandbox: Sandbox, channel: socket.socket, pid: int, *, memo: bool) -> None:
        self._sandbox, self._channel, self.pid, self._memo = sandbox, channel, pid, memo
        self.stopped: str | None = None
        self.answer: Any = None
        self.missing = False
        self.errors: list[str] = []
        self.confined = False

    def _function(self, body: Any) -> RemoteFunction:
        if type(body) is not list or len(body) != 2 or type(body[0]) is not int or type(body[1]) is not str:
            raise PlainError("a function is [handle, name]")
        name = body[1] if body[1].isidentifier() else "function"
        return RemoteFunction(self, body[0], name, memo=self._memo)

    def start(self, cells: Sequence[Cell], variable: str, limits: Limits) -> None:
        """Run the cells and read back ``variable`` (or what stopped them, in :attr:`stopped`)."""
        _send(self._channel, _JSON, _dumps({"cells": [list(c) for c in cells], "variable": variable}))
        try:
            with _outer_clocks_paused():
                kind, data = _receive(self._channel, _Budget(self.pid, limits.cell_seconds))
        except TimeoutError:
            self.stop(f"the answer cells were still running after {limits.cell_seconds:g} s: look for a loop that "
                      "never ends")
            return
        except (EOFError, OSError, ValueError):
            self.stop("the answer cells stopped the process they ran in (an exit, a crash, or too much memory)")
            return
        try:
            message = json.loads(data) if kind == _JSON else None
            if type(message) is not dict or type(message.get("errors")) is not list:
                raise PlainError("not an answer")
            self.errors = [str(e)[:300] for e in message["errors"]][:50]
            self.missing = message.get("missing") is True
            self.confined = message.get("confined") is True
            self.answer = None if self.missing else decode(message.get("answer"), self._function)
        except (ValueError, PlainError, RecursionError):
            self.stop("the answer came back in a form the grader cannot read")

    def call(self, function: RemoteFunction, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        """Call a function of this process on plain arguments; its result, read back as plain data."""
        name = function.__name__
        if self.stopped:
            raise SandboxStopped(f"{name} could not be called: {self.stopped}")
        buffer = io.BytesIO()
        try:
            _Pickler(buffer, self).dump((function._handle, args, kwargs))
        except (pickle.PicklingError, TypeError, AttributeError) as error:
            raise GraderFault(f"the grader could not send the arguments of {name}: {error}") from None
        payload = buffer.getvalue()
        memo = function._memo
        if memo is not None and payload in memo:
            return memo[payload]
        limits = self._sandbox.limits
        shown = _shown(args)
        try:
            _send(self._channel, _PICKLE, payload)
            with _outer_clocks_paused():
                kind, data = _receive(self._channel, _Budget(self.pid, limits.call_seconds))
        except TimeoutError:
            self.stop(f"{name} was still running after {limits.call_seconds:g} s")
            raise SandboxStopped(f"{name} was still running after {limits.call_seconds:g} s on input ({shown}): look "
                                 "for a loop that never ends, or a search that repeats work") from None
        except (EOFError, OSError, ValueError):
            self.stop(f"{name} stopped the process it ran in")
            raise SandboxStopped(f"{name} stopped the process it ran in on input ({shown}) (an exit, a crash, or "
                                 "too much memory)") from None
        except BaseException:  # a deadline of the caller's: the process is mid-call, so it cannot be used again
            self.stop(f"{name} was stopped while it ran")
            raise
        try:
            reply = json.loads(data) if kind == _JSON else None
            if type(reply) is not dict:
                raise PlainError("not a reply")
            if "raised" in reply:
                raised = reply["raised"]
                if type(raised) is not list or len(raised) != 2 or not all(type(p) is str for p in raised):
                    raise PlainError("not an error")
                raise _raised(raised[0][:80], raised[1][:200])
            result = decode(reply["result"], self._function)
        except (ValueError, KeyError, PlainError, RecursionError):
            self.stop(f"{name} answered in a form the grader cannot read")
            raise SandboxStopped(f"{name} returned, on input ({shown}), something the grader cannot read") from None
        if memo is not None:
            memo[payload] = result
        return result

    def stop(self, why: str) -> None:
        """End the process (and anything it started); later calls say ``why``."""
        if self.stopped is not None:
            return
        self.stopped = why
        try:
            self._channel.close()
        finally:
            self._sandbox._stop(self.pid)

    def close(self) -> None:
        """End the process: its functions cannot be called any more."""
        self.stop("the process was closed")


def _shown(args: tuple[Any, ...]) -> str:
    parts = []
    for value in args:
        try:
            text = repr(value)
        except Exception:  # a kit object that cannot print itself: name its type
            text = type(value).__name__
        parts.append(text if len(text) <= 40 else text[:39] + "…")
    return ", ".join(parts)


class Sandbox:
    """A pristine interpreter that has run the set-up cells of one source notebook; each :meth:`run` is a fork."""

    def __init__(self, preamble: Sequence[Cell], limits: Limits | None = None) -> None:
        self.preamble = [(str(label), str(source)) for label, source in preamble]
        self.limits = limits or Limits()
        self.setup_errors: list[str] = []
        self._process: subprocess.Popen[bytes] | None = None
        self._control: socket.socket | None = None
        self._folder: tempfile.TemporaryDirectory[str] | None = None

    def __enter__(self) -> Sandbox:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _start(self) -> socket.socket:
        if self._control is not None and self._process is not None and self._process.poll() is None:
            return self._control
        self._shutdown()
        self._folder = tempfile.TemporaryDirectory(prefix="circuslib-grade-")
        folder = self._folder.name
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        env = {"PATH": "/usr/bin:/bin", "HOME": folder, "TMPDIR": folder, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
               "MPLBACKEND": "Agg", "MPLCONFIGDIR": folder, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1",
               "MKL_NUM_THREADS": "1"}
        with open(os.path.join(folder, "sandbox.log"), "wb") as log:
            self._process = subprocess.Popen(
                [sys.executable, "-I", "-c", "from circuslib.core.sandbox import _zygote; _zygote()",
                 str(theirs.fileno())], cwd=folder, env=env, pass_fds=[theirs.fileno()],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=log, start_new_session=True)
        theirs.close()
        self._control = ours
        try:
            ours.settimeout(self.limits.start_seconds)
            ours.send(_dumps({"preamble": [list(c) for c in self.preamble], "limits": asdict(self.limits),
                              "base": folder}))
            ready = json.loads(ours.recv(_CONTROL_BUFFER) or b"null")
            if type(ready) is not dict or "errors" not in ready:
                raise OSError("no answer")
        except (OSError, ValueError):
            self._shutdown(keep_log=True)
            raise GraderFault(f"the grader's sandbox did not start: {self._log_tail()}") from None
        self.setup_errors = [str(e) for e in ready["errors"]]
        return ours

    def _log_tail(self) -> str:
        if self._folder is None:
            return "no message"
        try:
            with open(os.path.join(self._folder.name, "sandbox.log"), encoding="utf-8", errors="replace") as log:
                lines = log.read().strip().splitlines()
        except OSError:
            return "no message"
        return lines[-1] if lines else "no message"

    def run(self, cells: Sequence[Cell], variable: str, *, memo: bool = False) -> Run:
        """Run ``cells`` in a fresh confined fork and read back ``variable``; close the Run when done with it.

        With ``memo``, the results of its functions are kept by argument (for a key, called for every student).
        """
        for attempt in (1, 2):  # a sandbox that a student's process managed to stop is started again, once
            control = self._start()
            ours, theirs = socket.socketpair()
            try:
                control.settimeout(30)
                socket.send_fds(control, [b'{"run":1}'], [theirs.fileno()])
                reply = json.loads(control.recv(_CONTROL_BUFFER) or b"null")
                pid = int(reply["pid"])
            except (OSError, ValueError, TypeError, KeyError):
                ours.close()
                self._shutdown()
                if attempt == 2:
                    raise GraderFault("the grader's sandbox stopped answering") from None
                continue
            finally:
                theirs.close()
            run = Run(self, ours, pid, memo=memo)
            run.start(cells, variable, self.limits)
            return run
        raise AssertionError("unreachable")

    def _stop(self, pid: int) -> None:
        """Have the sandbox end one of its forks and everything it started (it reaps it, so no pid is reused)."""
        control = self._control
        if control is None or self._process is None or self._process.poll() is not None:
            return
        try:
            control.settimeout(30)
            control.send(_dumps({"stop": pid}))
            control.recv(_CONTROL_BUFFER)
        except OSError:
            self._shutdown()

    def _shutdown(self, keep_log: bool = False) -> None:
        if self._control is not None:
            self._control.close()
            self._control = None
        if self._process is not None:
            if self._process.poll() is None:
                try:
                    os.killpg(self._process.pid, signal.SIGKILL)
                except OSError:
                    pass
            self._process.wait()
            self._process = None
        if self._folder is not None and not keep_log:
            self._folder.cleanup()
            self._folder = None

    def close(self) -> None:
        """End the sandbox and every process it started; remove its folders."""
        self._shutdown()


# ---------------------------------------------------------------------------------------------------------
# the sandbox's side: the pristine interpreter, and each fork

def _python(source: str) -> str:
    """A cell's source as plain Python (IPython's transforms: a magic becomes a call, which fails here)."""
    try:
        from IPython.core.inputtransformer2 import TransformerManager
    except ImportError:
        return source
    try:
        return str(TransformerManager().transform_cell(source))
    except Exception:  # a cell IPython cannot read: compile will say why
        return source


def _run_cells(cells: Sequence[Any], namespace: dict[str, Any]) -> list[str]:
    errors = []
    for label, source in cells:
        try:
            exec(compile(_python(str(source)), str(label), "exec"), namespace)
        except BaseException as error:  # SystemExit included: a cell's error is noted, and the next cell runs
            errors.append(f"{label}: {type(error).__name__}: {_short(error)}")
    return errors


def _display(*objects: Any, **options: Any) -> None:
    """A notebook's display(): nothing is shown here (a kernel gives cells this name without an import)."""


def _zygote() -> None:
    """The pristine interpreter: runs the set-up cells, then forks one confined process per exercise."""
    control = socket.socket(fileno=int(sys.argv[1]))
    start = json.loads(control.recv(_CONTROL_BUFFER))
    namespace: dict[str, Any] = {"__name__": "__main__", "__builtins__": builtins, "display": _display}
    errors = _run_cells(start["preamble"], namespace)
    _python("")  # IPython's transformer loaded once, here, rather than in every fork
    limits = Limits(**start["limits"])
    control.send(_dumps({"errors": errors}))
    children: set[int] = set()
    while True:
        try:
            message, fds, _, _ = socket.recv_fds(control, _CONTROL_BUFFER, 1)
        except OSError:
            message, fds = b"", []
        if not message:  # the grader has gone: nothing of ours may outlive it
            for pid in children:
                _end(pid)
            os._exit(0)
        request = json.loads(message)
        if "stop" in request:
            pid = int(request["stop"])
            if pid in children:
                children.discard(pid)
                _end(pid)
            control.send(_dumps({"stopped": pid}))
            continue
        pid = os.fork()
        if pid == 0:
            control.close()
            _child(fds[0], start["base"], limits, namespace)
        os.close(fds[0])
        children.add(pid)
        control.send(_dumps({"pid": pid}))


def _end(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except OSError:
        pass
    try:
        os.waitpid(pid, 0)
    except OSError:
        pass


def _child(fd: int, base: str, limits: Limits, namespace: dict[str, Any]) -> None:
    """One exercise: confine this process, run the answer cells, send the answer, then answer calls until told."""
    try:
        os.setsid()
        null = os.open(os.devnull, os.O_RDWR)
        for stream in (0, 1, 2):
            os.dup2(null, stream)
        folder = tempfile.mkdtemp(dir=base)
        os.chdir(folder)
        os.environ.update(HOME=folder, TMPDIR=folder)
        tempfile.tempdir = folder
        _set_limits(limits)
        confined = _landlock(folder)
        channel = socket.socket(fileno=fd)
        _, job = _receive(channel, None)
        request = json.loads(job)
    except BaseException:
        os._exit(70)
    registry: list[Any] = []

    def function(value: Any) -> Any:
        registry.append(value)
        try:
            name = str.__str__(value.__name__) if isinstance(value.__name__, str) else "function"
        except BaseException:  # a callable whose name misbehaves
            name = "function"
        return {"$function": [len(registry) - 1, name]}

    errors = _run_cells(request["cells"], namespace)
    try:
        missing = request["variable"] not in namespace
        answer = None if missing else encode(namespace[request["variable"]], function)
        _send(channel, _JSON, _dumps({"answer": answer, "missing": missing, "errors": errors,
                                      "confined": confined}))
    except BaseException:
        os._exit(71)
    _serve(channel, registry, function)


class _Unpickler(pickle.Unpickler):
    def __init__(self, file: io.BytesIO, registry: list[Any]) -> None:
        super().__init__(file)
        self._registry = registry

    def persistent_load(self, pid: Any) -> Any:
        return self._registry[pid[1]]


def _serve(channel: socket.socket, registry: list[Any], function: Callable[[Any], Any]) -> None:
    while True:
        try:
            _, payload = _receive(channel, None)
            handle, args, kwargs = _Unpickler(io.BytesIO(payload), registry).load()
        except BaseException:
            os._exit(0)
        try:
            reply = {"result": encode(registry[handle](*args, **kwargs), function)}
        except RecursionError as error:
            reply = {"raised": ["RecursionError", _short(error)]}
        except BaseException as error:  # SystemExit included: the student's function raised it
            reply = {"raised": [type(error).__name__, _short(error)]}
        try:
            _send(channel, _JSON, _dumps(reply))
        except BaseException:
            os._exit(0)


def _set_limits(limits: Limits) -> None:
    def cap(which: int, value: int) -> None:
        soft, hard = resource.getrlimit(which)
        value = value if hard == resource.RLIM_INFINITY else min(value, hard)
        resource.setrlimit(which, (value, value))

    cap(resource.RLIMIT_CPU, int(limits.cpu_seconds))
    cap(resource.RLIMIT_FSIZE, int(limits.file_bytes))
    cap(resource.RLIMIT_CORE, 0)
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            size = next(int(line.split()[1]) * 1024 for line in status if line.startswith("VmSize:"))
    except (OSError, StopIteration, ValueError):
        size = 0
    cap(resource.RLIMIT_AS, size + int(limits.memory_bytes))


# Landlock (Linux 5.13 and later): the process gives up rights for good, then runs the student's cells.
_CREATE_RULESET, _ADD_RULE, _RESTRICT_SELF = 444, 445, 446
_PR_SET_NO_NEW_PRIVS = 38
_FS_EXECUTE, _FS_WRITE_FILE, _FS_READ_FILE, _FS_READ_DIR = 1 << 0, 1 << 1, 1 << 2, 1 << 3
_FS_ALL_ABI = {1: (1 << 13) - 1, 2: (1 << 14) - 1, 3: (1 << 15) - 1, 4: (1 << 15) - 1, 5: (1 << 16) - 1}
_FS_FILE_RIGHTS = _FS_EXECUTE | _FS_WRITE_FILE | _FS_READ_FILE | (1 << 14) | (1 << 15)
_NET_ALL = (1 << 0) | (1 << 1)
_SCOPE_ALL = (1 << 0) | (1 << 1)


class _RulesetAttr(ctypes.Structure):
    _fields_ = [("handled_access_fs", ctypes.c_uint64), ("handled_access_net", ctypes.c_uint64),
                ("scoped", ctypes.c_uint64)]


class _PathBeneath(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


def _readable() -> list[str]:
    """What a student's process may read: the Python installation, the kit, system libraries, /dev/urandom."""
    kit = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # the installed circuslib/, not its parent
    paths = {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix, *sys.path, kit}
    paths |= {"/usr", "/lib", "/lib64", "/lib32", "/etc/ld.so.cache", "/etc/localtime", "/dev/urandom", "/dev/null"}
    return sorted(p for p in paths if p and os.path.exists(p))


def _landlock(folder: str) -> bool:
    """Restrict this process with Landlock where the kernel has it; whether it did."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        abi = libc.syscall(_CREATE_RULESET, None, 0, 1)
    except (OSError, AttributeError):
        return False
    if abi < 1:
        return False
    handled_fs = _FS_ALL_ABI.get(abi, (1 << 16) - 1)
    attr = _RulesetAttr(handled_fs, _NET_ALL if abi >= 4 else 0, _SCOPE_ALL if abi >= 6 else 0)
    size = 8 if abi < 4 else 16 if abi < 6 else 24
    ruleset = libc.syscall(_CREATE_RULESET, ctypes.byref(attr), size, 0)
    if ruleset < 0:
        return False
    try:
        rules = [(path, _FS_READ_FILE | _FS_READ_DIR) for path in _readable()] + [(folder, handled_fs & ~_FS_EXECUTE),
                                                                                   ("/dev/null", _FS_WRITE_FILE)]
        for path, rights in rules:
            try:
                fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
            except OSError:
                continue
            try:
                if not os.path.isdir(path):
                    rights &= _FS_FILE_RIGHTS
                rule = _PathBeneath(rights & handled_fs, fd)
                libc.syscall(_ADD_RULE, ruleset, 1, ctypes.byref(rule), 0)
            finally:
                os.close(fd)
        if libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
            return False
        return bool(libc.syscall(_RESTRICT_SELF, ruleset, 0) == 0)
    finally:
        os.close(ruleset)
