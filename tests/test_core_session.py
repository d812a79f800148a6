"""A lesson's first cell loads its libraries with the garbage collector paused, then freezes them; the collector
always comes back on after the cell, a failed one too, and nothing is done where there is no cell to wait for."""
from __future__ import annotations

import gc

import pytest
from IPython.core.interactiveshell import InteractiveShell

from circuslib.core.session import start_lesson


@pytest.fixture
def shell():
    shell = InteractiveShell.instance()
    was_enabled = gc.isenabled()
    yield shell
    gc.unfreeze()  # the frozen objects go back to the oldest generation, as before the test
    (gc.enable if was_enabled else gc.disable)()


def test_the_collector_is_paused_for_the_cell_then_what_it_loaded_is_frozen(shell):
    gc.unfreeze()
    shell.run_cell("import gc\nfrom circuslib.core.session import start_lesson\n"
                   "paused = start_lesson()\n"
                   "on_during_the_cell = gc.isenabled()\n"
                   "loaded = [[n] for n in range(50_000)]", store_history=False)
    assert shell.user_ns["paused"] is True and shell.user_ns["on_during_the_cell"] is False
    assert gc.isenabled()
    assert gc.get_freeze_count() >= 50_000   # the cell's objects are frozen with the rest
    shell.run_cell("x = [[1]]", store_history=False)  # the next cell is an ordinary one: nothing more is frozen
    assert gc.isenabled()


def test_a_cell_that_fails_halfway_still_turns_the_collector_back_on(shell):
    result = shell.run_cell("from circuslib.core.session import start_lesson\nstart_lesson()\nimport no_such_library",
                            store_history=False)
    assert isinstance(result.error_in_exec, ModuleNotFoundError)
    assert gc.isenabled()
    assert not [f for f in shell.events.callbacks["post_run_cell"] if f.__name__ == "after_the_cell"]


def test_a_collector_already_off_is_left_off(shell):
    gc.disable()
    shell.run_cell("from circuslib.core.session import start_lesson\nanswer = start_lesson()", store_history=False)
    assert shell.user_ns["answer"] is False and not gc.isenabled()


def test_plain_python_has_no_cell_to_wait_for():
    class NoShell:  # no IPython events: a plain script
        pass

    enabled = gc.isenabled()
    assert start_lesson(NoShell()) is False
    assert gc.isenabled() == enabled
