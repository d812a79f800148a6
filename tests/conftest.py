"""Shared fixtures: the kit's root, notebook execution in a fresh kernel, and JupyterLab in a headless browser."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def root() -> Path:
    """The kit's top folder."""
    return ROOT


@pytest.fixture(scope="session", autouse=True)
def _class_results_of_the_session(tmp_path_factory):
    """The lessons' class activities keep their results in a folder of this test session (every kernel started
    from here inherits it), on this computer even where the tests run on a hub."""
    os.environ["CIRCUSLIB_DATA"] = str(tmp_path_factory.mktemp("class-results"))
    os.environ["CIRCUSLIB_CLASSROOM"] = "local"
    yield


@pytest.fixture(scope="session", autouse=True)
def _one_browser_for_the_session():
    """JupyterLab's and Voila's tests share one headless Chromium; it is closed when the session ends."""
    yield
    import lab

    lab.stop_browser()


def _server(kind: str):
    """A browser-test server of this kind from tests/lab.py, once Chromium is there (skipped without it, except
    in CI, where a missing browser fails)."""
    import lab

    try:
        lab.ensure_chromium()
    except lab.BrowserMissing as missing:
        if os.environ.get("CI") == "true":
            pytest.fail(str(missing))
        pytest.skip(str(missing))
    return getattr(lab, kind)()


@pytest.fixture(scope="session")
def lab_server():
    """One JupyterLab for the whole test session."""
    server = _server("Lab")
    yield server
    server.close()


@pytest.fixture
def lab(lab_server):
    """The shared JupyterLab for one test: its pages are closed and its kernels shut down afterwards."""
    yield lab_server
    lab_server.reset()


@pytest.fixture
def unwindowed(lab):
    """The shared JupyterLab with every cell kept on the page (not only those in view), so that every control and
    figure can be measured."""
    import json

    settings = lab.tmp / "settings" / "@jupyterlab" / "notebook-extension"
    settings.mkdir(parents=True, exist_ok=True)
    tracker = settings / "tracker.jupyterlab-settings"
    tracker.write_text(json.dumps({"windowingMode": "none"}))
    yield lab
    tracker.unlink()  # the other tests keep JupyterLab's own setting


@pytest.fixture(scope="session")
def voila_server():
    """One Voila server (progressive rendering, as `make present`) for the whole test session."""
    server = _server("Voila")
    yield server
    server.close()


@pytest.fixture
def voila(voila_server):
    """The shared Voila server for one test: its pages are closed afterwards."""
    yield voila_server
    voila_server.reset()


@pytest.fixture
def sent_states(monkeypatch) -> list:
    """Each state message a widget sends to the browser from now on, as (the widget's class name, what it sends):
    a class or a label set after a widget is made is one more message for the kernel and the server."""
    import ipywidgets

    sent: list = []
    send_state = ipywidgets.Widget.send_state

    def counted(self, key=None):
        if self.comm is not None:
            sent.append((type(self).__name__, key))
        return send_state(self, key)

    monkeypatch.setattr(ipywidgets.Widget, "send_state", counted)
    return sent


SLOW_FIRST = ("test_nbgrader.py", "test_pythons.py", "test_classroom_hub.py", "test_packaging.py",
              "test_browser_widths.py", "test_browser_reruns.py", "test_fresh_mistakes.py", "test_function_checks.py",
              "test_simulation_checks.py", "test_browser_themes.py", "test_widget_interrupts.py")
"""The longest test files, started first: `make test` hands whole files to its two processes in the order they
are collected, so a long file left to the end would keep one process busy while the other waits."""


def pytest_collection_modifyitems(config, items):
    """Collect the longest files first, the rest in their usual order."""
    def rank(item) -> int:
        name = item.path.name
        return SLOW_FIRST.index(name) if name in SLOW_FIRST else len(SLOW_FIRST)

    items.sort(key=rank)  # a stable sort: within a file, and among the rest, the order is kept
