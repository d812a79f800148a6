"""Class mode on a real JupyterHub (tests/hub.py): thirty students log in through the hub's form, start their
servers and each run a lesson's activity cell in a real kernel, all at once; the teacher then sees exactly thirty
contributions and the pooled estimate that their seeds give. A student's token writes only as that student and
reads only the pooled results; a malformed or impossible contribution is refused with a sentence and nothing is
stored; the service killed in the middle of the activity is started again by the hub and has lost nothing."""
from __future__ import annotations

import os
import signal
import time

import pytest
from teacher import mistakes_of

from circuslib.classroom.activities import ACTIVITIES
from circuslib.classroom.activity import Entry
from circuslib.classroom.seeds import student_seed

pytestmark = [pytest.mark.hub, pytest.mark.timeout(1800)]  # thirty servers on two shared cores can take minutes

STUDENTS = [f"student{i:02d}" for i in range(1, 31)]
CELL = """from circuslib.classroom import take_part
part = take_part("pig-turns", student="")
print(part.sent, part.entry.code, part.seed)"""


@pytest.fixture(scope="module")
def hub():
    """One hub for this module's tests, with the class's teacher in the hub group "teachers"."""
    import hub as hubs

    try:
        hubs.ensure_proxy()
    except hubs.ProxyMissing as missing:
        if os.environ.get("CI") == "true":
            pytest.fail(str(missing))
        pytest.skip(str(missing))
    with hubs.Hub(teachers=["teacher"], lean=True) as running:
        for name in ("teacher", "intruder"):
            assert running.api_sync("POST", f"/hub/api/users/{name}")[0] in (201, 409)
        running.teacher = running.user_token("teacher")
        yield running


@pytest.fixture(scope="module")
def class_of_thirty(hub):
    """The teacher opens the activity, then thirty students arrive at once and run its cell."""
    assert hub.service("PUT", "api/activities/pig-turns/state", {"state": "open"}, token=hub.teacher) == \
        (200, {"key": "pig-turns", "state": "open"})
    started = time.perf_counter()
    results = hub.run(hub.class_of(STUDENTS, CELL))
    print(f"thirty students from login to their activity's cell done: {time.perf_counter() - started:.0f} s")
    return results


def _entries(hub, key="pig-turns"):
    status, answer = hub.service("GET", f"api/activities/{key}/entries", token=hub.teacher)
    assert status == 200, answer
    return answer


def test_thirty_students_at_once_and_the_teacher_sees_exactly_thirty_and_the_estimate_of_their_seeds(
        hub, class_of_thirty):
    for student, result in class_of_thirty:
        assert result["status"] == "ok", f"{student.name}: {result['error']}\n{hub.hub_log()}"
        sent, code, seed = result["stdout"].split()
        assert sent == "True" and int(seed) == student_seed(student.name) and code == seed
    answer = _entries(hub)
    assert answer["contributors"] == 30 and len(answer["entries"]) == 30
    assert sorted(e["student"] for e in answer["entries"]) == STUDENTS
    assert all(e["seed"] == student_seed(e["student"]) for e in answer["entries"])
    # the pooled estimate, exactly as the seeds alone give it (each student's turns played again here)
    pig = ACTIVITIES["pig-turns"]
    stored = pig.pool([Entry(e["seed"], e["run"], e["choice"], tuple(e["trials"])) for e in answer["entries"]])
    recomputed = pig.pool(pig.recompute([str(student_seed(name)) for name in STUDENTS]))
    assert stored.n == recomputed.n == 600 and stored.mean == recomputed.mean
    assert stored.exact == pig.exact(None)
    # what a student sees: the pooled results without names or seeds, and their own entry
    ada = class_of_thirty[0][0]
    status, pooled = hub.service("GET", "api/activities/pig-turns", token=ada.token)
    assert status == 200 and pooled["contributors"] == 30 and len(pooled["entries"]) == 30
    assert all(set(e) == {"run", "choice", "trials"} for e in pooled["entries"])
    assert [e["student"] for e in pooled["mine"]] == [ada.name]


def test_a_second_run_adds_its_turns_yet_the_student_counts_once(hub, class_of_thirty):
    ada = class_of_thirty[0][0]
    again = hub.run(hub.execute(ada, 'print(take_part("pig-turns", student="").entry.run)'))
    assert again["status"] == "ok" and again["stdout"].strip() == "2", again["error"]
    answer = _entries(hub)
    assert answer["contributors"] == 30 and len(answer["entries"]) == 31
    assert [e["run"] for e in answer["entries"] if e["student"] == ada.name] == [1, 2]


def test_a_try_it_that_says_not_yet_reaches_the_teacher_with_its_mistake_once_the_student_takes_part(
        hub, class_of_thirty):
    from fractions import Fraction

    from circuslib.pig.checks import check

    cy = class_of_thirty[2][0]
    wrong = hub.run(hub.execute(cy, "from fractions import Fraction\nfrom circuslib.pig.checks import check\n"
                                    "check.three_dice_ten(Fraction(3, 28))"))
    assert wrong["status"] == "error" and "you counted unordered rolls" in wrong["error"]
    unordered = next(m for m in mistakes_of(check.three_dice_ten) if m.answer == Fraction(3, 28))
    status, answer = hub.service("GET", "api/diagnoses", token=hub.teacher)
    assert status == 200
    assert [(d["student"], d["exercise"], d["mistake"]) for d in answer["diagnoses"]] == \
        [(cy.name, "pig.three_dice_ten", unordered.id)]


def test_a_students_token_writes_only_as_that_student_and_reads_only_the_pooled_results(hub, class_of_thirty):
    ada, bob = class_of_thirty[0][0], class_of_thirty[1][0]
    before = _entries(hub)
    pig = ACTIVITIES["pig-turns"]
    bobs = pig.run(student_seed(bob.name)).to_json() | {"seed": student_seed(bob.name)}
    # a contribution naming somebody else is not a contribution: the service knows who sends it from the token
    status, answer = hub.service("POST", "api/activities/pig-turns/entries", bobs | {"student": bob.name},
                                 token=ada.token)
    assert status == 400 and "this one is not" in answer["error"]
    for path in ("api/activities/pig-turns/entries", "api/diagnoses"):
        status, answer = hub.service("GET", path, token=ada.token)
        assert status == 403 and answer["error"].startswith("only the class's teachers")
    status, answer = hub.service("PUT", "api/activities/pig-turns/state", {"state": "closed"}, token=ada.token)
    assert status == 403 and "open and close" in answer["error"]
    for token in (None, "not-a-token", hub.token):  # no token, a made-up one, a service's (not a user's)
        status, answer = hub.service("GET", "api/activities/pig-turns", token=token)
        assert status == 403 and "no token of a hub user" in answer["error"]
    # Ada sending Bob's seed writes Ada's entry, never Bob's
    bobs_third = pig.run(student_seed(bob.name), 3).to_json() | {"seed": student_seed(bob.name)}
    status, answer = hub.service("POST", "api/activities/pig-turns/entries", bobs_third, token=ada.token)
    assert status == 201
    after = _entries(hub)
    assert [e for e in after["entries"] if e["student"] == bob.name] == \
        [e for e in before["entries"] if e["student"] == bob.name]
    assert after["contributors"] == 30
    assert hub.service("GET", "api/whoami", token=ada.token) == (200, {"name": ada.name, "teacher": False})
    assert hub.service("GET", "api/whoami", token=hub.teacher) == (200, {"name": "teacher", "teacher": True})


BAD = [
    (b"not json", "not JSON"),
    ([1, 2, 3], "this one is not"),
    ({"seed": 1}, "this one is not"),
    ({"seed": -1, "run": 1, "trials": []}, "a seed is a whole number from 0 to 999,999"),
    ({"seed": 12, "run": 1, "trials": [0] * 3}, "is 20 turns, not 3"),
    ({"seed": 12, "run": 1, "trials": [0] * 19 + [19]}, "19 cannot come from the game"),
    ({"seed": 12, "run": 1, "trials": [0] * 19 + [True]}, "True cannot come from the game"),
    ({"seed": 12, "run": 1, "trials": [25] * 20}, "not the ones seed 12 gives"),
    ({"seed": 12, "run": 0, "trials": [0] * 20}, "the run is a whole number, at least 1"),
    ({"seed": 12, "run": 1, "choice": 3, "trials": [0] * 20}, "asks for no choice"),
]


@pytest.mark.parametrize("body, sentence", BAD, ids=[s.split()[0] + str(i) for i, (_, s) in enumerate(BAD)])
def test_a_malformed_or_impossible_contribution_is_refused_with_a_sentence_and_nothing_is_stored(
        hub, class_of_thirty, body, sentence):
    intruder = hub.user_token("intruder")
    before = _entries(hub)
    status, answer = hub.service("POST", "api/activities/pig-turns/entries", body, token=intruder)
    assert status == 400 and sentence in answer["error"], answer
    error = answer["error"]
    assert len(error) < 300 and "\n" not in error and "Traceback" not in error
    assert _entries(hub) == before


def test_an_unknown_activity_a_wrong_choice_and_a_closed_activity_are_refused_in_a_sentence(hub, class_of_thirty):
    intruder = hub.user_token("intruder")
    status, answer = hub.service("GET", "api/activities/no-such-game", token=intruder)
    assert status == 404 and "there is no class activity 'no-such-game'" in answer["error"]
    flip7 = ACTIVITIES["flip7-stopping-point"]
    hub.service("PUT", "api/activities/flip7-stopping-point/state", {"state": "open"}, token=hub.teacher)
    entry = flip7.run(5, 1, 20).to_json() | {"seed": 5}
    status, answer = hub.service("POST", "api/activities/flip7-stopping-point/entries", entry | {"choice": 99},
                                 token=intruder)
    assert status == 400 and answer["error"] == "the stopping point is a whole number of points from 1 to 60, not 99"
    assert hub.service("POST", "api/activities/flip7-stopping-point/entries", entry, token=intruder)[0] == 201
    hub.service("PUT", "api/activities/flip7-stopping-point/state", {"state": "closed"}, token=hub.teacher)
    status, answer = hub.service("POST", "api/activities/flip7-stopping-point/entries", entry, token=intruder)
    assert status == 409 and "is closed" in answer["error"]
    assert _entries(hub, "flip7-stopping-point")["contributors"] == 1  # closed: what it had stays
    status, answer = hub.service("POST", "api/activities/speed-races/entries",
                                 ACTIVITIES["speed-races"].run(5).to_json() | {"seed": 5}, token=intruder)
    assert status == 409 and "is not open yet" in answer["error"]


def test_the_service_killed_mid_activity_is_started_again_and_has_lost_nothing(hub, class_of_thirty):
    before = _entries(hub)
    pid = hub.service_pid()
    assert pid is not None
    os.kill(pid, signal.SIGKILL)  # no chance to tidy up: what was stored must be on disk already
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and (hub.service_pid() in (None, pid) or not hub.service_answers()):
        time.sleep(1)
    assert hub.service_pid() not in (None, pid), f"the hub did not start the service again:\n{hub.hub_log()}"
    assert _entries(hub) == before
    # and the class goes on: a student's kernel sends the next run (its token checked by the new process)
    bob = class_of_thirty[1][0]
    again = hub.run(hub.execute(bob, 'print(take_part("pig-turns", student="").sent)'))
    assert again["status"] == "ok" and again["stdout"].strip() == "True", again["error"]
    assert len(_entries(hub)["entries"]) == len(before["entries"]) + 1
