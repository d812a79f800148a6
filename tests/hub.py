"""A real JupyterHub for the class-mode tests and benchmarks: JupyterHub from PyPI (the `test` extra), the
configurable-http-proxy from npm (installed next to the virtual environment when missing, as Chromium is for the
browser tests), the dummy authenticator, the simple local process spawner, and the kit's class service registered
as a hub-managed service, exactly as TEACHING.md's recipe registers it.

Users log in through the hub's login form, start their servers through the hub's API with their own cookie, and
run code in real kernels of their servers over the kernels' websockets, all at once on one event loop::

    with Hub(teachers=["teacher"]) as hub:
        results = hub.run(hub.class_of(["ada", "bob"], code))
"""
from __future__ import annotations

import asyncio
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from installs import installed

ROOT = Path(__file__).resolve().parent.parent
PASSWORD = "class"
LEAN_OFF = ("nbgrader.server_extensions.formgrader", "nbgrader.server_extensions.validate_assignment",
            "nbgrader.server_extensions.assignment_list", "nbgrader.server_extensions.course_list",
            "voila.server_extension", "jupyter_lsp", "notebook", "jupyter_server_terminals")
"""Server extensions a lean test hub switches off: none of them takes part in a class activity."""


class ProxyMissing(RuntimeError):
    """configurable-http-proxy is not installed and could not be installed."""


def ensure_proxy() -> Path:
    """configurable-http-proxy: on PATH, or in the virtual environment's chp/ folder (installed there with npm,
    as `make test` sets it up, when npm is on the machine)."""
    found = shutil.which("configurable-http-proxy")
    if found:
        return Path(found)
    local = Path(sys.prefix) / "chp"
    binary = local / "node_modules" / ".bin" / "configurable-http-proxy"
    if binary.exists():
        return binary
    if shutil.which("npm") and installed(binary.exists, lambda: subprocess.run(
            ["npm", "install", "--prefix", str(local), "--no-audit", "--no-fund", "--loglevel=error",
             "configurable-http-proxy@4"], check=False, stdout=subprocess.DEVNULL)):
        return binary
    raise ProxyMissing("the JupyterHub tests need configurable-http-proxy: install Node.js and npm "
                       "(`sudo apt-get install nodejs npm`) and run `make test` again")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


CONFIG = """
import sys
c = get_config()  # noqa
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = {port}
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {hub_port}
c.JupyterHub.db_url = "sqlite:///{tmp}/jupyterhub.sqlite"
c.JupyterHub.cookie_secret_file = "{tmp}/cookie_secret"
c.JupyterHub.pid_file = "{tmp}/jupyterhub.pid"
c.ConfigurableHTTPProxy.command = [{proxy!r}]
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{proxy_api_port}"
c.ConfigurableHTTPProxy.pid_file = "{tmp}/proxy.pid"
c.JupyterHub.authenticator_class = "dummy"
c.DummyAuthenticator.password = {password!r}
c.Authenticator.allow_all = True
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = "{tmp}/home/{{username}}"
c.Spawner.cmd = [{singleuser!r}]
c.Spawner.args = {args!r}
c.Spawner.http_timeout = 300
c.Spawner.start_timeout = 300
c.Spawner.default_url = "/lab"
c.Spawner.environment = {{"CIRCUSLIB_CLASSROOM_URL": "http://127.0.0.1:{service_port}/services/circuslib/",
                          "JUPYTER_RUNTIME_DIR": lambda spawner: f"{tmp}/rt/{{spawner.user.name}}",
                          **{environment!r}}}
c.JupyterHub.concurrent_spawn_limit = 100
c.JupyterHub.load_groups = {{"teachers": {{"users": {teachers!r}}}}}
# the kit's class service, as TEACHING.md registers it
c.JupyterHub.services = [
    {{"name": "circuslib", "url": "http://127.0.0.1:{service_port}",
      "command": [sys.executable, "-m", "circuslib.classroom.service"],
      "environment": {{"CIRCUSLIB_CLASSROOM_DATA": "{tmp}/circuslib"}}}},
    {{"name": "tests", "api_token": {token!r}}},
]
c.JupyterHub.load_roles = [
    {{"name": "circuslib-service", "services": ["circuslib"], "scopes": ["read:roles:users", "read:users:name"]}},
    {{"name": "tests", "services": ["tests"],
      "scopes": ["admin:users", "admin:servers", "tokens", "admin:groups", "read:users", "access:services"]}},
]
"""


@dataclass
class Student:
    """One hub user of the class: their cookies after logging in, their token, their server's kernel."""

    name: str
    cookies: dict[str, str] = field(default_factory=dict)
    token: str = ""
    kernel: str = ""
    times: dict[str, float] = field(default_factory=dict)


class Hub:
    """A JupyterHub on loopback ports in a temporary folder, with the kit's service; stopped on close."""

    def __init__(self, *, teachers: list[str] | None = None, spawner_args: list[str] | None = None,
                 lean: bool = False) -> None:
        from tornado.httpclient import AsyncHTTPClient

        AsyncHTTPClient.configure(None, max_clients=200)
        self.tmp = Path(tempfile.mkdtemp(prefix="circus-hub-"))
        self.port, self.hub_port = free_port(), free_port()
        self.service_port, self.proxy_api_port = free_port(), free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.token = secrets.token_hex(32)
        self.teachers = list(teachers or ["teacher"])
        args = list(spawner_args or [])
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            args.append("--allow-root")  # jupyterhub-singleuser refuses root otherwise
        # thirty kernels starting on two shared cores can take more than the minute a server waits for one to answer
        args.append("--MappingKernelManager.kernel_info_timeout=600")
        # Thirty servers on one machine each pick "free" TCP ports for their kernels at the same moment and now and
        # then pick the same one: the kernel dies with "Address already in use" and its student waits for ever.
        # Kernels on Unix sockets (in a short runtime folder per student, under the 107-character limit) cannot
        # collide; on a school's hub each server has a container, and so ports, of its own.
        args.append("--KernelManager.transport=ipc")
        singleuser = str(Path(sys.executable).parent / "jupyterhub-singleuser")
        (self.tmp / "home").mkdir()
        environment = {}
        if lean:  # the servers without the extensions a class activity does not need (nbgrader's, Voila's, ...)
            config = self.tmp / "server-config"
            config.mkdir()
            (config / "jupyter_server_config.json").write_text(json.dumps({"ServerApp": {"jpserver_extensions": {
                name: False for name in LEAN_OFF}}}))
            environment["JUPYTER_CONFIG_DIR"] = str(config)
        (self.tmp / "jupyterhub_config.py").write_text(CONFIG.format(
            port=self.port, hub_port=self.hub_port, tmp=self.tmp, proxy=str(ensure_proxy()),
            proxy_api_port=self.proxy_api_port, password=PASSWORD, singleuser=singleuser, args=args,
            service_port=self.service_port, teachers=self.teachers, token=self.token, environment=environment))
        env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
        env.pop("JUPYTERHUB_API_TOKEN", None)
        self.log = open(self.tmp / "hub.log", "wb")
        command = [sys.executable, "-m", "jupyterhub", "-f", str(self.tmp / "jupyterhub_config.py")]
        self.process = subprocess.Popen(command, cwd=self.tmp, stdout=self.log, stderr=subprocess.STDOUT, env=env)
        try:
            self._wait(lambda: self.api_sync("GET", "/hub/api/")[0] == 200, 300, "the hub did not start")
            self._wait(self.service_answers, 300, "the kit's service did not start")
        except Exception:
            self.close()
            raise

    # --- waiting, logs ------------------------------------------------------------------------------------
    def _wait(self, ready: Any, timeout: float, what: str) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the hub exited:\n{self.hub_log()}")
            try:
                if ready():
                    return
            except OSError:
                pass
            time.sleep(0.3)
        raise RuntimeError(f"{what} within {timeout:.0f} s:\n{self.hub_log()}")

    def hub_log(self) -> str:
        """The end of what the hub (and its service) printed."""
        self.log.flush()
        return (self.tmp / "hub.log").read_text(errors="replace")[-6000:]

    def log_of(self, name: str) -> str:
        """The lines of the hub's log about one user (their server's included), the last ones."""
        self.log.flush()
        lines = (self.tmp / "hub.log").read_text(errors="replace").splitlines()
        return "\n".join([line for line in lines if name in line][-40:])

    def service_answers(self) -> bool:
        """Whether the kit's service answers on its port (any answer: it refuses a request without a token)."""
        url = f"http://127.0.0.1:{self.service_port}/services/circuslib/api/whoami"
        try:
            return self.request_sync("GET", url)[0] == 403
        except OSError:  # not listening (yet, or any more)
            return False

    # --- plain synchronous requests (set-up, assertions) ---------------------------------------------------
    def request_sync(self, method: str, url: str, body: Any = None, token: str | None = None) -> tuple[int, Any]:
        """A request with urllib; returns (status, JSON body or None)."""
        import urllib.error
        import urllib.request

        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"token {token}"
        data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
        request = urllib.request.Request(url, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=120) as response:
                status, text = response.status, response.read()
        except urllib.error.HTTPError as error:
            status, text = error.code, error.read()
        try:
            return status, json.loads(text) if text else None
        except ValueError:
            return status, text.decode(errors="replace")

    def api_sync(self, method: str, path: str, body: Any = None, token: str | None = None) -> tuple[int, Any]:
        """A hub API request (with the tests' service token unless another is given)."""
        return self.request_sync(method, self.url + path, body, token or self.token)

    def service(self, method: str, path: str, body: Any = None, token: str | None = None) -> tuple[int, Any]:
        """A request to the kit's service through the hub's proxy, as a browser or a kernel would make it."""
        return self.request_sync(method, f"{self.url}/services/circuslib/{path}", body, token)

    def user_token(self, name: str) -> str:
        """A token of this user's own, made through the hub's API."""
        status, answer = self.api_sync("POST", f"/hub/api/users/{name}/tokens", {"note": "tests"})
        assert status in (200, 201), answer
        return str(answer["token"])

    def service_pid(self) -> int | None:
        """The process id of the kit's service (started by the hub)."""
        for proc in Path("/proc").iterdir():
            if proc.name.isdigit():
                try:
                    cmdline = (proc / "cmdline").read_bytes().split(b"\0")
                    environ = (proc / "environ").read_bytes()
                except OSError:
                    continue
                if b"circuslib.classroom.service" in cmdline and str(self.service_port).encode() in environ:
                    return int(proc.name)
        return None

    # --- a class, asynchronously ---------------------------------------------------------------------------
    async def fetch(self, student: Student | None, method: str, path: str, *, body: Any = None,
                    form: dict | None = None, token: str | None = None, follow: bool = False) -> Any:
        """A request as this student (their cookies, and their XSRF token for a cookie-authenticated change)."""
        from tornado.httpclient import AsyncHTTPClient, HTTPRequest

        headers: dict[str, str] = {}
        if student is not None and student.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in student.cookies.items())
            if "_xsrf" in student.cookies:
                headers["X-XSRFToken"] = student.cookies["_xsrf"]
        if token:
            headers["Authorization"] = f"token {token}"
        data = None
        if form is not None:
            data, headers["Content-Type"] = urlencode(form), "application/x-www-form-urlencoded"
        elif body is not None:
            data, headers["Content-Type"] = json.dumps(body), "application/json"
        elif method in ("POST", "PUT"):  # the hub refuses a cookie-authenticated form post to its API
            data, headers["Content-Type"] = "{}", "application/json"
        request = HTTPRequest(self.url + path, method=method, headers=headers, body=data, follow_redirects=follow,
                              request_timeout=600, connect_timeout=60)
        response = await AsyncHTTPClient().fetch(request, raise_error=False)
        if student is not None:
            for header in response.headers.get_list("Set-Cookie"):
                jar: SimpleCookie = SimpleCookie()
                jar.load(header)
                for key, morsel in jar.items():
                    student.cookies[key] = morsel.value
        return response

    async def log_in(self, student: Student) -> None:
        """Log in through the hub's form, as a browser does."""
        page = await self.fetch(student, "GET", "/hub/login")
        assert page.code == 200, page.code
        answer = await self.fetch(student, "POST", "/hub/login", form={
            "username": student.name, "password": PASSWORD, "_xsrf": student.cookies.get("_xsrf", "")})
        assert answer.code == 302, f"{student.name} could not log in: {answer.code} {answer.body[:300]!r}"
        # the hub's home page, where a browser lands: it sets the XSRF token of the new session
        home = await self.fetch(student, "GET", "/hub/home")
        assert home.code == 200, f"{student.name}'s home page: {home.code}"

    async def start_server(self, student: Student) -> None:
        """Ask the hub for the student's server (with their login cookie), wait until it is ready, and make the
        student a token of their own to talk to it."""
        answer = await self.fetch(student, "POST", f"/hub/api/users/{student.name}/server")
        assert answer.code in (201, 202), f"{student.name}'s server: {answer.code} {answer.body[:300]!r}"
        while True:
            model = await self.fetch(student, "GET", f"/hub/api/users/{student.name}")
            server = json.loads(model.body).get("servers", {}).get("", {})
            if server.get("ready"):
                break
            await asyncio.sleep(0.5)
        made = await self.fetch(student, "POST", f"/hub/api/users/{student.name}/tokens", body={"note": "class"})
        assert made.code in (200, 201), f"{student.name}'s token: {made.code} {made.body[:300]!r}"
        student.token = json.loads(made.body)["token"]

    async def start_kernel(self, student: Student) -> None:
        """A python3 kernel on the student's server."""
        answer = await self.fetch(None, "POST", f"/user/{student.name}/api/kernels", body={"name": "python3"},
                                  token=student.token)
        assert answer.code == 201, f"{student.name}'s kernel: {answer.code} {answer.body[:300]!r}"
        student.kernel = json.loads(answer.body)["id"]

    async def execute(self, student: Student, code: str, *, timeout: float = 600) -> dict[str, Any]:
        """Run code in the student's kernel over its websocket; returns the reply's status, what it printed,
        its error and its outputs' MIME bundles."""
        from tornado.httpclient import HTTPRequest
        from tornado.websocket import websocket_connect

        url = f"ws://127.0.0.1:{self.port}/user/{student.name}/api/kernels/{student.kernel}/channels"
        socket_ = await websocket_connect(HTTPRequest(url, headers={"Authorization": f"token {student.token}"},
                                                      connect_timeout=120, request_timeout=600))
        msg_id = uuid.uuid4().hex
        socket_.write_message(json.dumps({
            "header": {"msg_id": msg_id, "msg_type": "execute_request", "username": student.name,
                       "session": uuid.uuid4().hex, "date": "", "version": "5.3"},
            "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [],
            "content": {"code": code, "silent": False, "store_history": True, "user_expressions": {},
                        "allow_stdin": False, "stop_on_error": True}}))
        result: dict[str, Any] = {"status": None, "stdout": "", "error": None, "outputs": []}
        idle = replied = False
        deadline = time.monotonic() + timeout
        while not (idle and replied):
            message = await asyncio.wait_for(socket_.read_message(), max(1.0, deadline - time.monotonic()))
            if message is None:
                raise RuntimeError(f"{student.name}'s kernel closed its websocket "
                                   f"({socket_.close_code} {socket_.close_reason}):\n{self.log_of(student.name)}")
            data = json.loads(message)
            if data["header"]["msg_type"] == "status" and \
                    data["content"].get("execution_state") in ("restarting", "dead"):  # fail now, not in ten minutes
                raise RuntimeError(f"{student.name}'s kernel died while running the cell:\n{self.log_of(student.name)}")
            if data.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            kind, content = data["header"]["msg_type"], data["content"]
            if kind == "execute_reply":
                result["status"], replied = content["status"], True
            elif kind == "stream" and content.get("name") == "stdout":
                result["stdout"] += content["text"]
            elif kind == "error":
                result["error"] = "\n".join(content.get("traceback", [])) or content.get("evalue")
            elif kind in ("display_data", "execute_result"):
                result["outputs"].append(content["data"])
            elif kind == "status" and content["execution_state"] == "idle":
                idle = True
        socket_.close()
        return result

    async def arrive(self, student: Student, code: str | list[str]) -> dict[str, Any]:
        """One student's way into the class: log in, start the server, a kernel, and run ``code`` (a cell, or
        cells one after the other, as a notebook runs them); the time each step ended (from the moment they asked
        for the login page) is in ``student.times``."""
        started = time.perf_counter()
        await self.log_in(student)
        student.times["logged in"] = time.perf_counter() - started
        await self.start_server(student)
        student.times["server ready"] = time.perf_counter() - started
        await self.start_kernel(student)
        student.times["kernel started"] = time.perf_counter() - started
        for cell in [code] if isinstance(code, str) else code:
            result = await self.execute(student, cell)
            if result["status"] != "ok":
                break
        student.times["cell done"] = time.perf_counter() - started
        return result

    async def class_of(self, names: list[str], code: str | list[str]) -> list[tuple[Student, dict[str, Any]]]:
        """Every student arrives at once and runs ``code``."""
        students = [Student(name) for name in names]
        results = await asyncio.gather(*(self.arrive(s, code) for s in students))
        return list(zip(students, results, strict=True))

    def run(self, coroutine: Any) -> Any:
        """Run a coroutine of this hub's class on a fresh event loop, in a thread of its own: the browser tests'
        Playwright keeps an event loop of its own on the main thread, where asyncio.run would be refused."""
        import threading

        outcome: dict[str, Any] = {}

        def in_a_thread() -> None:
            try:
                outcome["value"] = asyncio.run(coroutine)
            except BaseException as error:  # handed back to the caller's thread below
                outcome["error"] = error

        thread = threading.Thread(target=in_a_thread, name="hub-class")
        thread.start()
        thread.join()
        if "error" in outcome:
            raise outcome["error"]
        return outcome["value"]

    # --- memory, shutting down ------------------------------------------------------------------------------
    def processes(self) -> list[int]:
        """The process ids of everything the hub started, at any depth (servers start sessions of their own)."""
        children: dict[int, list[int]] = {}
        for proc in Path("/proc").iterdir():
            if proc.name.isdigit():
                try:
                    ppid = int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
                except (OSError, IndexError, ValueError):
                    continue
                children.setdefault(ppid, []).append(int(proc.name))
        found, todo = [], [self.process.pid]
        while todo:
            pid = todo.pop()
            found.append(pid)
            todo.extend(children.get(pid, []))
        return found

    def memory(self) -> dict[str, int]:
        """Bytes of memory (PSS: a page shared by several processes counted as each one's share) of the hub's
        processes by kind: the hub and proxy, the service, the users' servers, their kernels."""
        kinds = {"hub and proxy": 0, "service": 0, "servers": 0, "kernels": 0}
        for pid in self.processes():
            proc = Path("/proc") / str(pid)
            try:
                cmdline = (proc / "cmdline").read_bytes()
                pss = next(int(line.split()[1]) * 1024 for line in (proc / "smaps_rollup").read_text().splitlines()
                           if line.startswith("Pss:"))
            except (OSError, StopIteration):
                continue
            kind = ("service" if b"circuslib.classroom.service" in cmdline else
                    "kernels" if b"ipykernel" in cmdline else
                    "servers" if b"singleuser" in cmdline else "hub and proxy")
            kinds[kind] += pss
        return kinds

    def close(self) -> None:
        """Stop the hub (it stops the servers and the service), then whatever of it is still running."""
        started = self.processes() if self.process.poll() is None else []
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.process.kill()
        for pid in started[1:]:  # only the processes this hub started, by their ids
            try:
                os.kill(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        self.log.close()
        shutil.rmtree(self.tmp, ignore_errors=True)

    def __enter__(self) -> Hub:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
