"""Running a lesson's game cell again, as a class does, leaves no widget behind: in JupyterLab in headless Chromium,
each game lesson is run top to bottom, then its game cell is run again and again, and after each run the kernel is
asked how many widget models are open. The count must not grow with the re-runs (each run closes what the run it
replaces made); the numbers are printed."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

RERUNS = 5

GAME_CELLS = {  # each lesson and the start of its game cell's code
    "00_welcome": "PigWidget(", "01_flip7": "game = Flip7Widget(", "02_petit_cirque_volant": "game = PCVWidget(",
    "03_scout": "game = ScoutWidget(", "04_speed": "table = SpeedTable(", "05_flip_circus": "game = FlipCircusWidget(",
}

OPEN_MODELS = "from ipywidgets.widgets.widget import _instances as _circus_open\nprint(len(_circus_open))"
"""What the kernel is asked: ipywidgets 8 keeps every open widget model in ``widget._instances`` (its older
``Widget.widgets`` is deprecated)."""

_ASK = """async code => {
    const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
    const future = kernel.requestExecute({code, silent: false, store_history: false});
    let out = '';
    future.onIOPub = msg => { if (msg.header.msg_type === 'stream') out += msg.content.text; };
    await future.done;
    return out.trim();
}"""

_RUN_CELL = """async ([start]) => {
    const panel = window.jupyterapp.shell.currentWidget;
    const cells = panel.content.widgets;
    const index = cells.findIndex(c => c.model.type === 'code' && c.model.sharedModel.getSource().includes(start));
    if (index < 0) return -1;
    panel.content.activeCellIndex = index;
    await window.jupyterapp.commands.execute('notebook:run-cell');
    return index;
}"""

_DONE = """([start, before]) => {
    const cells = window.jupyterapp.shell.currentWidget.content.widgets;
    const cell = cells.find(c => c.model.type === 'code' && c.model.sharedModel.getSource().includes(start));
    return cell && cell.model.executionCount !== null && cell.model.executionCount !== before;
}"""

_COUNT = """([start]) => window.jupyterapp.shell.currentWidget.content.widgets
    .find(c => c.model.type === 'code' && c.model.sharedModel.getSource().includes(start)).model.executionCount"""


@pytest.mark.parametrize("lesson", list(GAME_CELLS))
def test_running_the_game_cell_again_leaves_no_widget_behind(lab, lesson, capsys):
    page = lab.run_notebook(f"notebooks/{lesson}.ipynb")
    start = GAME_CELLS[lesson]
    counts = [int(page.evaluate(_ASK, OPEN_MODELS))]  # after the lesson's one run top to bottom
    for _ in range(RERUNS):
        before = page.evaluate(_COUNT, [start])
        assert page.evaluate(_RUN_CELL, [start]) >= 0, f"{lesson}: no cell starts with {start!r}"
        page.wait_for_function(_DONE, arg=[start, before], timeout=60_000)
        counts.append(int(page.evaluate(_ASK, OPEN_MODELS)))
    errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']",
                          has_text="Traceback")
    assert errors.count() == 0, errors.first.text_content()[:2000]
    with capsys.disabled():
        print(f"\n{lesson}: open widget models after the lesson and after each re-run of its game cell: {counts}")
    assert counts[0] > 20, "the lesson made hardly any widget: the count does not read what it should"
    assert max(counts[1:]) <= counts[0] and counts[-1] == counts[1], \
        f"{lesson}: re-running the game cell left widgets open: {counts}"
