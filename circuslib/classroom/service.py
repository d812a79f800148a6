"""The kit's JupyterHub service: the class's activities in one SQLite file, each request made with a student's own
hub token. Registered in jupyterhub_config.py as a hub-managed service (TEACHING.md has the recipe)::

    c.JupyterHub.services = [{"name": "circuslib", "url": "http://127.0.0.1:10101",
                              "command": [sys.executable, "-m", "circuslib.classroom.service"],
                              "environment": {"CIRCUSLIB_CLASSROOM_DATA": "/srv/circuslib"}}]
    c.JupyterHub.load_roles = [{"name": "circuslib-service", "services": ["circuslib"],
                                "scopes": ["read:roles:users", "read:users:name"]}]

The hub starts it with its token and address in the environment, and starts it again if it stops. A student's
kernel sends its user's token (``JUPYTERHUB_API_TOKEN``); the service asks the hub whose it is
(``jupyterhub.services.auth.HubAuth``), so nobody can write as somebody else. A student adds their own entries and
sees the pooled results; the class's teachers, the members of a hub group (``teachers`` unless
$CIRCUSLIB_TEACHER_GROUPS says others) or the holders of a hub role ($CIRCUSLIB_TEACHER_ROLES, ``teacher``), also
see who contributed what, open and close activities, and read the try-its' diagnoses.

The API, under the service's prefix (``/services/circuslib/``), JSON in and out, every refusal one sentence in
``{"error": ...}``:

- ``GET api/whoami``: the user's name, and whether they teach;
- ``GET api/activities/KEY``: its state, how many have contributed, the pooled entries (no names), the user's own;
- ``POST api/activities/KEY/entries``: a run (seed, run, choice, trials), checked before it is stored;
- ``GET api/activities/KEY/entries``: the entries with names and seeds (teachers);
- ``PUT api/activities/KEY/state``: ``{"state": "open"}`` or ``"closed"`` (teachers);
- ``POST api/diagnoses``, ``GET api/diagnoses``: a try-it's rejection (exercise, mistake, hint); all of them
  (teachers).
"""
from __future__ import annotations

import asyncio
import json
import logging
import os
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from jupyterhub.services.auth import HubAuth, HubAuthenticated
from jupyterhub.utils import url_path_join
from tornado import web
from tornado.httpclient import AsyncHTTPClient, HTTPRequest

from .activities import ACTIVITIES
from .activity import Refused
from .store import Store

__all__ = ["make_app", "main"]

log = logging.getLogger("circuslib.classroom")


def _names(variable: str, default: str) -> set[str]:
    return {name.strip() for name in os.environ.get(variable, default).split(",") if name.strip()}


class Teachers:
    """Who teaches the class: members of the teachers' groups (in the user model the hub returns for a token) or
    holders of a teacher's role (asked of the hub with the service's own token, and remembered a minute)."""

    def __init__(self, hub_auth: HubAuth) -> None:
        self.hub_auth = hub_auth
        self.groups = _names("CIRCUSLIB_TEACHER_GROUPS", "teachers")
        self.roles = _names("CIRCUSLIB_TEACHER_ROLES", "teacher")
        self._roles: dict[str, tuple[float, set[str]]] = {}

    async def roles_of(self, name: str) -> set[str]:
        """The user's hub roles (empty when the service may not read them)."""
        known = self._roles.get(name)
        if known and time.monotonic() - known[0] < 60:
            return known[1]
        url = url_path_join(self.hub_auth.api_url, "users", name)
        request = HTTPRequest(url, headers={"Authorization": f"token {self.hub_auth.api_token}"})
        roles: set[str] = set()
        try:
            response = await AsyncHTTPClient().fetch(request, raise_error=False)
            if response.code == 200:
                roles = set(json.loads(response.body).get("roles") or ())
        except OSError as error:
            log.warning("could not read %s's roles from the hub: %s", name, error)
        self._roles[name] = (time.monotonic(), roles)
        return roles

    async def teaches(self, user: dict[str, Any]) -> bool:
        """Whether this hub user teaches the class."""
        if set(user.get("groups") or ()) & self.groups:
            return True
        return bool(self.roles and (await self.roles_of(user["name"])) & self.roles)


class Refusal(web.HTTPError):
    """A request the service does not take, with the sentence the student sees."""

    def __init__(self, status: int, sentence: str) -> None:
        super().__init__(status)
        self.sentence = sentence


class Handler(HubAuthenticated, web.RequestHandler):
    """A JSON request from a hub user, authenticated by the token it carries."""

    @property
    def hub_scopes(self) -> None:  # type: ignore[override]
        # every user of the hub may take part: a kernel's token carries no access scope for services, only who it
        # belongs to, and the hub checks that (HubAuth); teachers are told apart below
        return None

    def initialize(self, store: Store, teachers: Teachers) -> None:
        self.store = store
        self.teachers = teachers
        self.hub_auth = teachers.hub_auth

    async def prepare(self) -> None:
        # the hub says whose token this is, without blocking the service while it answers (remembered a while)
        user = await self.hub_auth.get_user(self, sync=False)
        self._hub_auth_user_cache = user if user and user.get("kind", "user") == "user" else None
        if not self._hub_auth_user_cache:
            self.refuse(403, "this request carries no token of a hub user: send it from a notebook on the hub")

    def check_xsrf_cookie(self) -> None:
        pass  # requests carry a token, never a cookie: no cross-site form can make one

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        error = kwargs.get("exc_info", (None, None, None))[1]
        reason = error.sentence if isinstance(error, Refusal) else \
            f"the class's service could not answer ({self._reason}); try again in a moment"
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps({"error": reason}))

    def send(self, data: Any, status: int = 200) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps(data))

    def refuse(self, status: int, sentence: str) -> None:
        raise Refusal(status, sentence)

    @property
    def name(self) -> str:
        return str(self.current_user["name"])

    async def teacher(self) -> bool:
        return await self.teachers.teaches(self.current_user)

    async def require_teacher(self, what: str) -> None:
        if not await self.teacher():
            self.refuse(403, f"only the class's teachers {what}")

    def activity(self, key: str) -> Any:
        if key not in ACTIVITIES:
            self.refuse(404, f"there is no class activity {key!r}; the activities are: {', '.join(ACTIVITIES)}")
        return ACTIVITIES[key]

    def body(self) -> Any:
        try:
            return json.loads(self.request.body or b"null")
        except ValueError:
            self.refuse(400, "the request's body is not JSON: send it from the activity's cell")


class WhoAmI(Handler):
    async def get(self) -> None:
        self.send({"name": self.name, "teacher": await self.teacher()})


class ActivityHandler(Handler):
    async def get(self, key: str) -> None:
        self.activity(key)
        entries = self.store.entries(key)
        self.send({"key": key, "state": self.store.state(key), "contributors": self.store.contributors(key),
                   "entries": [e.to_json() for e in entries],
                   "mine": [e.to_json(named=True) for e in entries if e.student == self.name]})


class EntriesHandler(Handler):
    async def get(self, key: str) -> None:
        self.activity(key)
        await self.require_teacher("see who contributed what; you see the class's pooled results")
        entries = self.store.entries(key)
        self.send({"key": key, "state": self.store.state(key), "contributors": self.store.contributors(key),
                   "entries": [e.to_json(named=True) for e in entries],
                   "mine": [e.to_json(named=True) for e in entries if e.student == self.name]})

    async def post(self, key: str) -> None:
        activity = self.activity(key)
        data = self.body()
        state = self.store.state(key)
        if state != "open":
            self.refuse(409, f"'{activity.title}' is closed: your results are on your page but no longer go into "
                             "the class's" if state == "closed" else
                        f"'{activity.title}' is not open yet: run the cell again once your teacher has opened it")
        try:
            entry = activity.check(data)  # the student's run played again from its seed: nothing typed in passes
        except Refused as refusal:
            self.refuse(400, str(refusal))
        contributors = self.store.add(key, self.name, entry)
        self.send({"stored": entry.to_json(), "contributors": contributors}, 201)


class StateHandler(Handler):
    async def put(self, key: str) -> None:
        self.activity(key)
        await self.require_teacher("open and close activities")
        data = self.body()
        state = data.get("state") if isinstance(data, dict) else None
        if state not in ("open", "closed"):
            self.refuse(400, f"an activity is opened or closed: send {{\"state\": \"open\"}} or \"closed\", not "
                             f"{json.dumps(data)[:40]}")
        self.store.set_state(key, str(state))
        self.send({"key": key, "state": state})


class DiagnosesHandler(Handler):
    async def post(self) -> None:
        data = self.body()
        fields = ("exercise", "mistake", "hint")
        if not isinstance(data, dict) or set(data) != set(fields) or \
                not all(isinstance(data[f], str) and 0 < len(data[f]) <= 600 for f in fields):
            self.refuse(400, "a diagnosis is an exercise, a mistake and a hint, each a short text")
        self.store.add_diagnosis(self.name, {f: data[f] for f in fields})
        self.send({"kept": True}, 201)

    async def get(self) -> None:
        await self.require_teacher("read the try-its' diagnoses")
        self.send({"diagnoses": self.store.diagnoses()})


def make_app(store: Store, prefix: str = "/services/circuslib/", hub_auth: HubAuth | None = None) -> web.Application:
    """The service's tornado application under ``prefix``."""
    hub_auth = hub_auth or HubAuth.instance()
    teachers = Teachers(hub_auth)
    settings = {"store": store, "teachers": teachers}
    routes = [
        (r"api/whoami", WhoAmI),
        (r"api/activities/([a-z0-9-]+)", ActivityHandler),
        (r"api/activities/([a-z0-9-]+)/entries", EntriesHandler),
        (r"api/activities/([a-z0-9-]+)/state", StateHandler),
        (r"api/diagnoses", DiagnosesHandler),
    ]
    return web.Application([(url_path_join(prefix, path), handler, settings) for path, handler in routes])


def _warm_up() -> None:
    """Play and check one run of every activity, so that every game is loaded before the class's first request (a
    check plays each contribution again)."""
    for activity in ACTIVITIES.values():
        activity.check(activity.run(0, 1, activity.choice.low if activity.choice else None).to_json() | {"seed": 0})


async def _serve(port: int, host: str, store: Store, prefix: str) -> None:
    app = make_app(store, prefix)
    app.listen(port, address=host)
    log.info("circuslib's class service at http://%s:%d%s, results in %s", host, port, prefix, store.path)
    await asyncio.Event().wait()


def main(argv: list[str] | None = None) -> int:
    """Run the service as the hub starts it: address from $JUPYTERHUB_SERVICE_URL, prefix from
    $JUPYTERHUB_SERVICE_PREFIX, results in $CIRCUSLIB_CLASSROOM_DATA (else the folder it runs in)."""
    logging.basicConfig(level=logging.INFO, format="[circuslib %(asctime)s] %(message)s")
    url = urlsplit(os.environ.get("JUPYTERHUB_SERVICE_URL", "http://127.0.0.1:10101"))
    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/services/circuslib/")
    folder = Path(os.environ.get("CIRCUSLIB_CLASSROOM_DATA") or ".")
    store = Store(folder / "classroom.sqlite", open_by_default=os.environ.get("CIRCUSLIB_OPEN_BY_DEFAULT") == "1")
    if not os.environ.get("JUPYTERHUB_API_TOKEN"):
        print("circuslib's class service runs inside a JupyterHub: register it in jupyterhub_config.py "
              "(see TEACHING.md)", file=sys.stderr)
        return 2
    _warm_up()
    asyncio.run(_serve(url.port or 80, url.hostname or "127.0.0.1", store, prefix))
    return 0


if __name__ == "__main__":
    sys.exit(main())
