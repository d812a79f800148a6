"""Where a kernel's class activities are kept, found out when one is first used: the hub's service (with the
student's own token), a local SQLite file, or nowhere (seeds alone, in JupyterLite and on Binder).

Each place answers the same questions (:class:`Place`): who am I and am I a teacher, take my entry, the pooled
entries, the named entries (teachers only), open or close, and keep a try-it's diagnosis. The hub's client is
plain ``urllib``: a student's kernel needs no JupyterHub package.
"""
from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, urlsplit

from .activity import Activity, Entry, Refused
from .seeds import who_am_i

__all__ = ["Place", "Hub", "Local", "SeedsOnly", "connect", "Unreachable", "SERVICE_NAME", "SERVICE_PORT"]

SERVICE_NAME = "circuslib"
"""The service's name in jupyterhub_config.py: the hub routes /services/circuslib/ to it."""
SERVICE_PORT = 10101
"""The service's port when its URL is not given (the recipes in TEACHING.md use it)."""


class Unreachable(RuntimeError):
    """The class's service did not answer; the message says so in a sentence."""


@dataclass(frozen=True)
class Status:
    """What a place says about an activity: its state, how many have contributed, and the pooled entries (named
    for a teacher), with the asker's own entries."""

    state: str
    contributors: int
    entries: tuple[Entry, ...]
    mine: tuple[Entry, ...]
    named: bool


class Place:
    """Where entries go; subclasses answer each question."""

    kind = ""
    """"hub", "local" or "seeds": what the consent line and the page say."""

    def whoami(self) -> tuple[str, bool]:
        """The user's name and whether they teach the class."""
        raise NotImplementedError

    def contribute(self, activity: Activity, entry: Entry) -> int:
        """Keep an entry; returns how many students have contributed. Refused when it is not taken."""
        raise NotImplementedError

    def status(self, activity: Activity, *, named: bool = False) -> Status:
        """The activity's state and pooled entries (named ones only for a teacher)."""
        raise NotImplementedError

    def next_run(self, activity: Activity) -> int:
        """The number of this user's next run."""
        mine = self.status(activity).mine
        return max((e.run for e in mine), default=0) + 1

    def set_state(self, activity: Activity, state: str) -> None:
        """Open or close an activity (teachers only)."""
        raise NotImplementedError

    def diagnose(self, diagnosis: dict[str, str]) -> None:
        """Keep a try-it's diagnosis (exercise, mistake, hint)."""
        raise NotImplementedError

    def diagnoses(self) -> list[dict[str, Any]]:
        """Every diagnosis kept (teachers only)."""
        raise NotImplementedError


class Local(Place):
    """A SQLite file on this computer: whoever uses it is its teacher."""

    kind = "local"

    def __init__(self, path: Any = None, student: str | None = None) -> None:
        from .store import Store, default_path

        self.store = Store(path or default_path(), open_by_default=True)
        self.student = student or who_am_i()

    def whoami(self) -> tuple[str, bool]:
        return self.student, True

    def contribute(self, activity: Activity, entry: Entry) -> int:
        state = self.store.state(activity.key)
        if state != "open":
            raise Refused(_not_open(activity, state))
        checked = activity.check({"seed": entry.seed, "run": entry.run, "choice": entry.choice,
                                  "trials": list(entry.trials)})
        return self.store.add(activity.key, self.student, checked)

    def status(self, activity: Activity, *, named: bool = False) -> Status:
        entries = tuple(self.store.entries(activity.key))
        mine = tuple(e for e in entries if e.student == self.student)
        return Status(self.store.state(activity.key), self.store.contributors(activity.key), entries, mine, True)

    def set_state(self, activity: Activity, state: str) -> None:
        self.store.set_state(activity.key, state)

    def diagnose(self, diagnosis: dict[str, str]) -> None:
        self.store.add_diagnosis(self.student, diagnosis)

    def diagnoses(self) -> list[dict[str, Any]]:
        return self.store.diagnoses()


class SeedsOnly(Place):
    """Nowhere to send entries: this kernel's own runs only; the teacher plays the class's again from seeds."""

    kind = "seeds"

    def __init__(self, student: str | None = None, reason: str = "") -> None:
        self.student = student or who_am_i()
        self.reason = reason  # why there is no store here, said on the page
        self._entries: dict[tuple[str, int], Entry] = {}

    def whoami(self) -> tuple[str, bool]:
        return self.student, False

    def contribute(self, activity: Activity, entry: Entry) -> int:
        self._entries[activity.key, entry.run] = entry
        return 1

    def status(self, activity: Activity, *, named: bool = False) -> Status:
        mine = tuple(e for (key, _), e in self._entries.items() if key == activity.key)
        return Status("open", 1 if mine else 0, mine, mine, False)

    def set_state(self, activity: Activity, state: str) -> None:
        raise Refused("without a class server there is nothing to open or close: collect the students' codes")

    def diagnose(self, diagnosis: dict[str, str]) -> None:
        pass  # nowhere to send it; the student's page shows the check's line as always

    def diagnoses(self) -> list[dict[str, Any]]:
        return []


class Hub(Place):
    """The kit's service on a JupyterHub, asked over HTTP with the user's own token."""

    kind = "hub"

    def __init__(self, url: str, token: str, *, timeout: float = 10) -> None:
        self.url = url if url.endswith("/") else url + "/"
        self.token = token
        self.timeout = timeout
        self._who: tuple[str, bool] | None = None

    def _ask(self, method: str, path: str, body: Any = None) -> Any:
        import urllib.error
        import urllib.request

        data = None if body is None else json.dumps(body).encode("utf-8")
        request = urllib.request.Request(self.url + path, data=data, method=method, headers={
            "Authorization": f"token {self.token}", "Content-Type": "application/json", "Accept": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                text = response.read()
        except urllib.error.HTTPError as error:
            try:
                said = json.loads(error.read() or b"{}").get("error", "")
            except (ValueError, AttributeError):
                said = ""
            raise Refused(said or f"the class's service refused the request ({error.code})") from None
        except (OSError, ValueError) as error:  # refused, reset, timed out, or no service at this address
            raise Unreachable(f"the class's service at {self.url} does not answer ({_reason(error)}): your results "
                              "are on your page; run the cell again in a minute, or tell your teacher") from None
        return json.loads(text) if text else None

    def whoami(self) -> tuple[str, bool]:
        if self._who is None:
            answer = self._ask("GET", "api/whoami")
            self._who = (str(answer["name"]), bool(answer["teacher"]))
        return self._who

    def contribute(self, activity: Activity, entry: Entry) -> int:
        answer = self._ask("POST", f"api/activities/{quote(activity.key)}/entries",
                           {"seed": entry.seed, "run": entry.run, "choice": entry.choice, "trials": list(entry.trials)})
        return int(answer["contributors"])

    def status(self, activity: Activity, *, named: bool = False) -> Status:
        key = quote(activity.key)
        answer = self._ask("GET", f"api/activities/{key}" + ("/entries" if named else ""))
        entries = tuple(_entry(e) for e in answer["entries"])
        mine = tuple(_entry(e) for e in answer["mine"])
        return Status(answer["state"], int(answer["contributors"]), entries, mine, named)

    def set_state(self, activity: Activity, state: str) -> None:
        self._ask("PUT", f"api/activities/{quote(activity.key)}/state", {"state": state})

    def diagnose(self, diagnosis: dict[str, str]) -> None:
        self._ask("POST", "api/diagnoses", diagnosis)

    def diagnoses(self) -> list[dict[str, Any]]:
        return list(self._ask("GET", "api/diagnoses")["diagnoses"])


def _entry(data: dict) -> Entry:
    return Entry(int(data.get("seed", 0) or 0), int(data["run"]), data.get("choice"), tuple(data["trials"]),
                 data.get("student"), data.get("at"))


def _reason(error: BaseException) -> str:
    reason = getattr(error, "reason", None) or error
    return str(reason).strip() or type(error).__name__


def _not_open(activity: Activity, state: str) -> str:
    if state == "closed":
        return f"'{activity.title}' is closed: your results are on your page but no longer go into the class's"
    return f"'{activity.title}' is not open yet: run the cell again once your teacher has opened it"


def service_url(environ: dict[str, str] | None = None) -> str | None:
    """The service's address from a kernel's environment: $CIRCUSLIB_CLASSROOM_URL, else the hub's host at the
    service's port under the hub's base URL (/services/circuslib/), as the recipes register it."""
    environ = dict(os.environ if environ is None else environ)
    if environ.get("CIRCUSLIB_CLASSROOM_URL"):
        return environ["CIRCUSLIB_CLASSROOM_URL"]
    api = environ.get("JUPYTERHUB_API_URL")
    if not api:
        return None
    parts = urlsplit(api)
    base = environ.get("JUPYTERHUB_BASE_URL") or "/"
    base = base if base.endswith("/") else base + "/"
    return f"{parts.scheme}://{parts.hostname}:{SERVICE_PORT}{base}services/{SERVICE_NAME}/"


_PLACE: list[Place] = []


def connect(*, student: str | None = None, refresh: bool = False) -> Place:
    """This kernel's place for class activities (found once, then kept): $CIRCUSLIB_CLASSROOM ("hub", "local" or
    "seeds") decides where it is set; otherwise JupyterLite and Binder run on seeds alone, a JupyterHub uses its
    service, and anything else a local file."""
    if _PLACE and not refresh:
        return _PLACE[0]
    forced = os.environ.get("CIRCUSLIB_CLASSROOM", "").strip().lower()
    place: Place
    on_hub = bool(os.environ.get("JUPYTERHUB_API_TOKEN") and service_url())
    if forced == "seeds" or not forced and sys.platform == "emscripten":
        place = SeedsOnly(student, "this notebook runs in the browser, with no class server")
    elif forced == "seeds" or not forced and any(os.environ.get(v) for v in ("BINDER_REPO_URL", "BINDER_LAUNCH_HOST")):
        place = SeedsOnly(student, "this notebook runs on Binder, with no class server")
    elif forced == "hub" or not forced and on_hub:
        place = Hub(str(service_url()), os.environ.get("JUPYTERHUB_API_TOKEN", ""))
    elif forced in ("", "local"):
        place = Local(student=student)
    else:
        raise ValueError(f"CIRCUSLIB_CLASSROOM is 'hub', 'local' or 'seeds', not {forced!r}")
    _PLACE[:] = [place]
    return place
