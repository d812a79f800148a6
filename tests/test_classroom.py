"""Class mode without a hub: seeds from students' names, each lesson's activity (seeded runs, the checks that refuse
what the game cannot give, the exact values), the SQLite store (one student counted once, many writers at once),
the local and seeds-only places, the student's part and the class's view, and cheap imports."""
from __future__ import annotations

import ast
import html
import json
import re
import subprocess
import sys
import textwrap
import threading
from fractions import Fraction
from pathlib import Path

import pytest

from circuslib.classroom import client
from circuslib.classroom.activities import ACTIVITIES, activity
from circuslib.classroom.activity import Entry, Refused
from circuslib.classroom.client import Local, SeedsOnly, connect, service_url
from circuslib.classroom.seeds import student_seed
from circuslib.classroom.store import Store
from circuslib.classroom.view import ClassView, TakePart

ROOT = Path(__file__).resolve().parent.parent
LESSONS = {"00_welcome", "01_flip7", "02_petit_cirque_volant", "03_scout", "04_speed", "05_flip_circus"}


@pytest.fixture
def local(tmp_path):
    """A local place in a fresh SQLite file."""
    return Local(tmp_path / "classroom.sqlite", student="ada")


def _json(entry: Entry) -> dict:
    return {"seed": entry.seed, "run": entry.run, "choice": entry.choice, "trials": list(entry.trials)}


# --- seeds ------------------------------------------------------------------------------------------------

def test_a_students_seed_comes_from_their_name_or_number_whatever_the_spacing_or_case():
    assert student_seed("Ada Lovelace") == student_seed("  ada   LOVELACE ") != student_seed("Ada Byron")
    assert student_seed("20241234") == student_seed(" 20241234 ")
    assert all(0 <= student_seed(f"student{i}") < 1_000_000 for i in range(200))
    assert len({student_seed(f"student{i}") for i in range(200)}) == 200
    with pytest.raises(ValueError, match="write your student number or your name between the quotes"):
        student_seed("   ")
    with pytest.raises(TypeError, match="in quotes"):
        student_seed(20241234)


# --- the activities -----------------------------------------------------------------------------------------

def test_every_lesson_has_a_class_activity_and_every_lesson_cell_names_one():
    assert {a.lesson for a in ACTIVITIES.values()} == LESSONS
    for a in ACTIVITIES.values():
        lesson = json.loads((ROOT / "notebooks" / f"{a.lesson}.ipynb").read_text())
        sources = ["".join(c["source"]) for c in lesson["cells"]]
        headings = [line.lstrip("#").strip() for s in sources for line in s.splitlines() if line.startswith("#")]
        assert a.section in headings, f"{a.key}: no section {a.section!r} in {a.lesson}"
        assert any(f'take_part("{a.key}"' in s for s in sources), f"{a.lesson} has no cell taking part in {a.key}"


@pytest.mark.parametrize("key", ACTIVITIES)
def test_a_run_is_the_same_from_the_same_seed_and_passes_its_own_check(key):
    a = activity(key)
    choice = 23 if a.choice else None
    one, again, other = a.run(1234, 1, choice), a.run(1234, 1, choice), a.run(4321, 1, choice)
    assert one == again and one.trials != other.trials or a.trials <= 5
    assert len(one.trials) == a.trials and all(a.possible(v) for v in one.trials)
    assert a.check(_json(one)) == one
    if a.counts == "each":
        assert a.run(1234, 2, choice).trials != one.trials


@pytest.mark.parametrize("key", ACTIVITIES)
def test_a_contribution_that_cannot_come_from_the_seed_is_refused_with_a_sentence(key):
    a = activity(key)
    entry = a.run(77, 1, 23 if a.choice else None)
    altered = list(entry.trials)
    altered[0] = (not altered[0]) if isinstance(altered[0], bool) else (altered[0] + 1 if altered[0] != 25 else 0)
    cases = [({**_json(entry), "trials": altered}, "not the ones seed 77"),
             ({**_json(entry), "trials": list(entry.trials)[:-1]}, f"is {a.trials} {a.trial}s, not"),
             ({**_json(entry), "trials": ["six"] + list(entry.trials)[1:]}, "six cannot come from the game"),
             ({**_json(entry), "seed": 10**6}, "a seed is a whole number from 0 to 999,999"),
             ({**_json(entry), "extra": 1}, "this one is not"),
             ("seed 77", "this one is not")]
    for data, sentence in cases:
        with pytest.raises(Refused) as refused:
            a.check(data)
        message = str(refused.value)
        assert sentence in message and "\n" not in message and len(message) < 300, (data, message)


def test_the_exact_values_the_class_closes_in_on():
    assert activity("pig-turns").exact(None) == Fraction(492303203, 60466176)  # the welcome lesson's value
    assert activity("pcv-shots-to-destroy").exact(None) == Fraction(10, 3)    # E_I at range 1
    assert activity("speed-races").exact(None) == Fraction(2, 3)
    flip7 = activity("flip7-stopping-point")
    from circuslib.flip7.odds import threshold_value
    assert flip7.exact(23) == Fraction(str(threshold_value(23)))
    # a class with several stopping points estimates the average of their exact values
    pool = flip7.pool([flip7.run(1, 1, 20), flip7.run(2, 1, 30)])
    assert pool.exact == (flip7.exact(20) + flip7.exact(30)) / 2


def test_many_seeds_pooled_close_in_on_the_exact_value():
    for key in ("pig-turns", "pcv-shots-to-destroy", "speed-races"):
        a = activity(key)
        pool = a.pool(a.recompute(str(seed) for seed in range(300)))
        low, high = pool.interval
        assert low <= float(pool.exact) <= high or abs(float(pool.mean) - float(pool.exact)) < 3 * (high - low)
        assert pool.n == 300 * a.trials and pool.contributors == 300


def test_an_entrys_code_is_read_back_and_a_bad_code_is_refused_in_a_sentence():
    for entry in (Entry(482913), Entry(482913, 2), Entry(7, 1, 23)):
        assert Entry.from_code(entry.code) == entry
    assert Entry(7, 3, 23).code == "7/23#3"
    with pytest.raises(Refused, match="is not an entry's code"):
        Entry.from_code("seven")


# --- the store ------------------------------------------------------------------------------------------

def test_the_store_keeps_a_students_last_run_once_and_every_run_where_each_counts(tmp_path):
    store = Store(tmp_path / "s.sqlite")
    assert store._connection().execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    speed, pig = activity("speed-races"), activity("pig-turns")
    for seed in (1, 2, 3):  # a student who runs the cell three times: the last run stands
        assert store.add(speed.key, "ada", speed.run(seed)) == 1
    assert [e.seed for e in store.entries(speed.key)] == [3]
    for run in (1, 2, 2):  # where each run counts: runs 1 and 2, the second sent twice counted once
        store.add(pig.key, "ada", pig.run(5, run))
    store.add(pig.key, "bob", pig.run(6, 1))
    assert [(e.student, e.run) for e in store.entries(pig.key)] == [("ada", 1), ("ada", 2), ("bob", 1)]
    assert store.contributors(pig.key) == 2 and store.next_run(pig.key, "ada") == 3
    assert store.state(pig.key) == "open"
    store.set_state(pig.key, "closed")
    assert Store(tmp_path / "s.sqlite", open_by_default=False).state(pig.key) == "closed"
    assert Store(tmp_path / "s.sqlite", open_by_default=False).state(speed.key) == "not open"


def test_thirty_writers_at_once_are_all_kept_exactly_once(tmp_path):
    path = tmp_path / "s.sqlite"
    pig = activity("pig-turns")
    entries = {f"student{i}": pig.run(i) for i in range(30)}
    errors = []

    def write(name: str) -> None:
        try:
            store = Store(path)  # each writer its own connection, as thirty kernels or requests would have
            for _ in range(5):  # each sends its run five times: it must count once
                store.add(pig.key, name, entries[name])
        except Exception as error:
            errors.append(error)

    threads = [threading.Thread(target=write, args=(name,)) for name in entries]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    kept = Store(path).entries(pig.key)
    assert sorted((e.student, e.seed, e.trials) for e in kept) == \
        sorted((name, e.seed, e.trials) for name, e in entries.items())


# --- places -------------------------------------------------------------------------------------------------

def test_the_place_is_found_from_the_environment(monkeypatch, tmp_path):
    for variable in ("CIRCUSLIB_CLASSROOM", "JUPYTERHUB_API_TOKEN", "JUPYTERHUB_API_URL", "BINDER_REPO_URL",
                     "BINDER_LAUNCH_HOST", "CIRCUSLIB_CLASSROOM_URL", "JUPYTERHUB_BASE_URL"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("CIRCUSLIB_DATA", str(tmp_path))
    assert isinstance(connect(refresh=True), Local)
    assert connect(refresh=True).store.path == tmp_path / "classroom.sqlite"
    monkeypatch.setenv("BINDER_REPO_URL", "https://github.com/circuslib/circuslib")
    assert isinstance(connect(refresh=True), SeedsOnly) and "Binder" in connect().reason
    monkeypatch.delenv("BINDER_REPO_URL")
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "abc")
    monkeypatch.setenv("JUPYTERHUB_API_URL", "http://10.0.0.5:8081/hub/api")
    hub = connect(refresh=True)
    assert isinstance(hub, client.Hub) and hub.url == "http://10.0.0.5:10101/services/circuslib/"
    monkeypatch.setenv("JUPYTERHUB_BASE_URL", "/school/")
    assert service_url() == "http://10.0.0.5:10101/school/services/circuslib/"
    monkeypatch.setenv("CIRCUSLIB_CLASSROOM_URL", "http://hub:10101/services/circuslib/")
    assert service_url() == "http://hub:10101/services/circuslib/"
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert isinstance(connect(refresh=True), SeedsOnly) and "browser" in connect().reason
    monkeypatch.setenv("CIRCUSLIB_CLASSROOM", "library")
    with pytest.raises(ValueError, match="CIRCUSLIB_CLASSROOM is 'hub', 'local' or 'seeds'"):
        connect(refresh=True)
    monkeypatch.setenv("CIRCUSLIB_CLASSROOM", "local")
    monkeypatch.setattr(sys, "platform", "linux")
    assert isinstance(connect(refresh=True), Local)
    client._PLACE.clear()


def test_a_hub_that_does_not_answer_is_said_in_a_sentence_and_the_run_stays_on_the_page():
    hub = client.Hub("http://127.0.0.1:9/services/circuslib/", "token", timeout=2)
    part = TakePart("speed-races", "ada", place=hub, live=False)
    assert not part.sent and "does not answer" in part.part.value and str(part.seed) in part.part.value
    assert "does not answer" in part.view.message.value


# --- a student's part and the class's view ------------------------------------------------------------------

def test_taking_part_locally_sends_the_run_and_shows_the_class(local):
    part = TakePart("pig-turns", "Ada Lovelace", place=local, live=False)
    assert part.sent and part.seed == student_seed("Ada Lovelace")
    text = part.part.value
    assert f"Your seed is <b>{part.seed}</b>" in text and "In the class's results: 1 student so far" in text
    assert "a file on this computer" in text
    again = TakePart("pig-turns", "Ada Lovelace", place=local, live=False)
    assert again.entry.run == 2 and local.store.contributors("pig-turns") == 1
    view = part.view
    view.refresh()
    assert "1 student has contributed (40 turns)" in view.count.value
    assert "<svg" in view.plots.value and "The class's pooled estimate" in html.unescape(view.plots.value)
    assert view.teacher and "Who contributed what" in view.details.value


def test_a_closed_activity_keeps_the_students_run_on_the_page_and_says_why(local):
    local.set_state(activity("speed-races"), "closed")
    part = TakePart("speed-races", "ada", place=local, live=False)
    assert not part.sent and "is closed" in part.part.value


def test_a_choice_out_of_range_is_refused_in_a_sentence(local):
    with pytest.raises(Refused, match="the stopping point is a whole number of points from 1 to 60, not 0"):
        TakePart("flip7-stopping-point", "ada", choice=0, place=local, live=False)


def test_where_nothing_can_be_sent_the_code_is_shown_and_the_teacher_plays_the_class_again_from_codes():
    part = TakePart("flip7-stopping-point", "ada", choice=25, place=SeedsOnly(reason="no class server here"),
                    live=False)
    assert f"<code>{part.seed}/25</code>" in part.part.value and "Nothing is sent" in part.part.value
    codes = [part.entry.code, f"{student_seed('bob')}/18", f"{student_seed('cy')}/30"]
    view = ClassView("flip7-stopping-point", codes=codes, live=False)
    pool = view.pool()
    assert pool.contributors == 3 and pool.n == 30 and pool.entries[0].trials == part.entry.trials
    assert "The class's stopping points" in html.unescape(view.plots.value)


def test_the_teachers_view_opens_and_closes_and_lists_the_misconceptions(local):
    view = ClassView("speed-races", place=local, live=False)
    view._set_state("closed")
    assert local.store.state("speed-races") == "closed" and "closed" in view.count.value
    local.diagnose({"exercise": "speed.try_race", "mistake": "m1", "hint": "the rates are per second"})
    local.store.add_diagnosis("bob", {"exercise": "speed.try_race", "mistake": "m1",
                                      "hint": "the rates are per second"})
    view._set_state("open")
    assert "Misconceptions the try-its caught" in view.details.value and "<td>2</td>" in view.details.value


# --- cheap imports, and no JupyterHub on the student's side ---------------------------------------------------

def test_importing_class_mode_loads_no_database_no_http_client_and_no_game():
    code = ("import sys, json; import circuslib.classroom, circuslib.classroom.activities\n"
            "print(json.dumps([m for m in ('sqlite3', 'urllib.request', 'jupyterhub', 'tornado', 'sympy', "
            "'circuslib.welcome', 'circuslib.flip7', 'ipywidgets') if m in sys.modules]))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert json.loads(out) == []


def test_only_the_service_imports_jupyterhub_or_tornado():
    for path in (ROOT / "circuslib").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
        names |= {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
        hub = {n for n in names if n.split(".")[0] in ("jupyterhub", "tornado")}
        assert not hub or path.name == "service.py" and path.parent.name == "classroom", (path, hub)


# --- TEACHING.md's recipes agree with the service, the client and the tested hub -------------------------------

def _blocks(language: str) -> list[str]:
    text = (ROOT / "TEACHING.md").read_text()
    section = text.split("## Class mode", 1)[1].split("\n## Lesson 0", 1)[0]
    return [textwrap.dedent(block) for block in re.findall(rf"```{language}\n(.*?)```", section, re.S)] or \
        [textwrap.dedent(block) for block in re.findall(rf" *```{language}\n(.*?) *```", section, re.S)]


def test_the_littlest_jupyterhub_recipe_registers_the_service_the_tests_start():
    import hub as tested
    from traitlets.config import Config

    config = Config()
    config.JupyterHub.services, config.JupyterHub.load_roles = [], []
    recipe = next(b for b in _blocks("python") if "c.JupyterHub.services.append" in b)
    exec(recipe, {"c": config})
    service, = config.JupyterHub.services
    assert service["name"] == client.SERVICE_NAME and service["command"][-2:] == ["-m", "circuslib.classroom.service"]
    assert service["url"] == f"http://127.0.0.1:{client.SERVICE_PORT}"
    assert "CIRCUSLIB_CLASSROOM_DATA" in service["environment"]
    # a kernel on that hub finds the service by itself, from the hub's address
    assert service_url({"JUPYTERHUB_API_URL": "http://127.0.0.1:15001/hub/api"}) == \
        f"{service['url']}/services/circuslib/"
    role, = config.JupyterHub.load_roles
    assert role["services"] == ["circuslib"] and f'"scopes": {json.dumps(role["scopes"])}' in tested.CONFIG
    assert "teachers" in config.JupyterHub.load_groups


def test_the_zero_to_jupyterhub_recipe_pins_its_images_and_wires_the_service_as_a_hub_managed_one():
    import yaml

    dockerfiles = _blocks("dockerfile")
    assert len(dockerfiles) == 2
    for dockerfile in dockerfiles:
        base = re.search(r"^FROM (\S+)$", dockerfile, re.M).group(1)
        assert re.fullmatch(r"quay\.io/jupyter(hub)?/[\w-]+:[\d.-]+", base), base  # a dated or versioned tag
        installed = re.findall(r"(\S+==\S+)", dockerfile)
        assert {i.split("==")[0] for i in installed} >= {"ipywidgets", "networkx", "matplotlib", "sympy", "numpy"}
        assert "/tmp/circuslib" in dockerfile
    assert dockerfiles[0].startswith("# Jupyter Docker Stacks") and "minimal-notebook" in dockerfiles[0]
    config = yaml.safe_load(_blocks("yaml")[0])
    service = config["hub"]["services"]["circuslib"]
    assert service["command"][-2:] == ["-m", "circuslib.classroom.service"]
    assert service["url"] == f"http://hub:{client.SERVICE_PORT}"
    assert config["hub"]["service"]["extraPorts"][0]["port"] == client.SERVICE_PORT
    assert config["hub"]["loadRoles"]["circuslib-service"]["services"] == ["circuslib"]
    # the students' kernels are told the address the client would work out from the hub's
    assert config["singleuser"]["extraEnv"]["CIRCUSLIB_CLASSROOM_URL"] == \
        service_url({"JUPYTERHUB_API_URL": "http://hub:8081/hub/api"})
    assert config["cull"]["enabled"] and config["cull"]["timeout"] >= 3000
