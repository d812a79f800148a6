"""Ctrl-C while a cell loads libraries leaves nothing half loaded: the next run of the cell loads them whole. Run
in a real IPython shell (in its own process: the shell becomes the process's notebook)."""
from __future__ import annotations

import subprocess
import sys
import textwrap

SCRIPT = textwrap.dedent('''
    import sys, pathlib, tempfile
    from IPython.core.interactiveshell import InteractiveShell

    place = pathlib.Path(tempfile.mkdtemp())
    package = place / "slowlib"
    package.mkdir()
    # a library whose loading is stopped half-way the first time, as Ctrl-C stops a long import
    (package / "__init__.py").write_text("from . import first\\nfrom . import second\\nVALUE = first.VALUE\\n")
    (package / "first.py").write_text("import slowlib\\nVALUE = 42\\n")
    (package / "second.py").write_text(
        "import os\\n"
        "if not os.path.exists(os.path.join(os.path.dirname(__file__), 'done')):\\n"
        "    open(os.path.join(os.path.dirname(__file__), 'done'), 'w').close()\\n"
        "    raise KeyboardInterrupt\\n")
    sys.path.insert(0, str(place))
    shell = InteractiveShell.instance()
    first = shell.run_cell("import circuslib\\nimport slowlib")
    print("interrupted", isinstance(first.error_in_exec, KeyboardInterrupt))
    print("half loaded", sorted(n for n in sys.modules if n.startswith("slowlib")))
    again = shell.run_cell("import slowlib\\nprint('value', slowlib.VALUE)")
    print("second run ok", again.success)
    kit = shell.run_cell("import circuslib")  # the kit loaded again after the interrupt watches once, not twice
    print("kit again", kit.success, repr(kit.error_in_exec))
    print("watching twice", shell.user_ns["circuslib"]._undo_interrupted_loading(shell))
    print("hooks", len(shell.events.callbacks["post_run_cell"]))
''')


def test_a_cell_stopped_while_loading_leaves_nothing_half_loaded_and_runs_again():
    result = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    out = result.stdout
    assert "interrupted True" in out
    assert "half loaded []" in out, out
    assert "value 42" in out and "second run ok True" in out
    assert "watching twice False" in out
    assert "hooks 1" in out, out  # the settling hook of the first cell is gone; the watcher stays, alone
