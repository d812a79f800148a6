"""The cell that imports the kit loads its libraries with the garbage collector paused, then freezes them; the
collector always comes back on after the cell, a failed one too, and nothing is done where there is no cell to wait
for."""
from __future__ import annotations

import gc

import pytest
from IPython.core.interactiveshell import InteractiveShell

import circuslib  # imported before the cells below, so that a cell's own settle() is the one tested


@pytest.fixture
def shell():
    shell = InteractiveShell.instance()
    was_enabled = gc.isenabled()
    yield shell
    gc.unfreeze()  # the frozen objects go back to the oldest generation, as before the test
    (gc.enable if was_enabled else gc.disable)()


def test_the_collector_is_paused_for_the_cell_then_what_it_loaded_is_frozen(shell):
    assert callable(circuslib._settle_after_this_cell)
    gc.unfreeze()
    shell.run_cell("import gc\nfrom circuslib import _settle_after_this_cell as settle\n"
                   "paused = settle()\n"
                   "on_during_the_cell = gc.isenabled()\n"
                   "loaded = [[n] for n in range(50_000)]", store_history=False)
    assert shell.user_ns["paused"] is True and shell.user_ns["on_during_the_cell"] is False
    assert gc.isenabled()
    assert gc.get_freeze_count() >= 50_000   # the cell's objects are frozen with the rest
    shell.run_cell("x = [[1]]", store_history=False)  # the next cell is an ordinary one: nothing more is frozen
    assert gc.isenabled()


def test_a_cell_that_fails_halfway_still_turns_the_collector_back_on(shell):
    result = shell.run_cell("from circuslib import _settle_after_this_cell as settle\nsettle()\nimport no_such_library",
                            store_history=False)
    assert isinstance(result.error_in_exec, ModuleNotFoundError)
    assert gc.isenabled()
    assert not [f for f in shell.events.callbacks["post_run_cell"] if f.__name__ == "after_the_cell"]


def test_a_collector_already_off_is_left_off(shell):
    gc.disable()
    shell.run_cell("from circuslib import _settle_after_this_cell as settle\nanswer = settle()", store_history=False)
    assert shell.user_ns["answer"] is False and not gc.isenabled()


def test_plain_python_has_no_cell_to_wait_for():
    import subprocess
    import sys

    code = "import gc, circuslib; print(gc.isenabled(), circuslib._settle_after_this_cell())"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["True", "False"]


def test_importing_the_kit_in_a_cell_settles_that_cell(shell):
    import subprocess
    import sys

    # a fresh IPython, as a lesson's kernel is: the kit is imported for the first time in its first cell
    code = ("from IPython.core.interactiveshell import InteractiveShell\nimport gc\n"
            "shell = InteractiveShell.instance()\n"
            "shell.run_cell('import circuslib\\nimport gc\\noff = not gc.isenabled()', store_history=False)\n"
            "print(shell.user_ns['off'], gc.isenabled(), gc.get_freeze_count() > 0)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["True", "True", "True"]
