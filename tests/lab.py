"""A JupyterLab in headless Chromium for the lesson tests: start a server in a temporary root, open a notebook,
run it all, then let the test click its widgets and read them back.

Each game's browser test is a few lines::

    def test_flip7_in_lab(lab):
        page = lab.run_notebook("notebooks/01_flip7.ipynb")
        lab.click(page, ".circus-hit")
        assert "bust" in lab.text(page, ".circus-message")
"""
from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from installs import apt_install, installed

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run", "--disable-quic", "--disable-dev-shm-usage",
]


class BrowserMissing(RuntimeError):
    """Chromium is not installed and could not be installed."""


class AxeMissing(RuntimeError):
    """axe-core is not installed and could not be installed."""


def ensure_chromium() -> Path:
    """Debian's Chromium, installed with apt when we are root and it is missing."""
    if installed(CHROMIUM.exists, lambda: apt_install("chromium")):
        return CHROMIUM
    raise BrowserMissing(
        "the browser tests need Chromium at /usr/bin/chromium: install it with `sudo apt-get install chromium` "
        "(Debian/Ubuntu) and run `make test` again")


def ensure_axe() -> Path:
    """axe-core's axe.min.js: in the virtual environment's axe/ folder, installed there once with npm (as
    `make test` sets it up) when npm is on the machine."""
    script = Path(sys.prefix) / "axe" / "node_modules" / "axe-core" / "axe.min.js"
    if script.exists() or (shutil.which("npm") and installed(script.exists, lambda: subprocess.run(
            ["npm", "install", "--prefix", str(script.parents[2]), "--no-audit", "--no-fund", "--loglevel=error",
             "axe-core@4"], check=False, stdout=subprocess.DEVNULL))):
        return script
    raise AxeMissing("the accessibility tests need axe-core: install Node.js and npm "
                     "(`sudo apt-get install nodejs npm`) and run `make test` again")


KIT_OUTPUTS = """() => [...document.querySelectorAll('.jp-OutputArea-output')]
    .filter(o => o.matches('[class*="circus-"]') || o.querySelector('[class*="circus-"]'))"""
"""The output areas that hold something the kit drew: a figure, a picture, a widget (all carry a circus- class)."""

_AXE_RUN = """async () => {
  const outputs = (KIT_OUTPUTS)();
  if (!outputs.length) return {outputs: 0};
  const result = await axe.run(outputs);
  const where = n => { const e = document.querySelector(n.target[0]);
                       const kit = e && e.closest('[class*="circus-"]');
                       return kit ? [...kit.classList].filter(c => c.startsWith('circus-')).join(' ') : ''; };
  return {outputs: outputs.length,
          rules: result.passes.length + result.violations.length + result.incomplete.length
                 + result.inapplicable.length,
          applicable: result.passes.length + result.violations.length + result.incomplete.length,
          passed: result.passes.length,
          nodes: result.passes.reduce((n, r) => n + r.nodes.length, 0)
                 + result.violations.reduce((n, r) => n + r.nodes.length, 0),
          review: Object.fromEntries(result.incomplete.map(r => [r.id, r.nodes.length])),
          reasons: [...new Set(result.incomplete.flatMap(r => r.nodes.flatMap(n => n.any.concat(n.none)
                        .map(c => r.id + ': ' + c.message))))].slice(0, 12),
          violations: result.violations.map(v => ({rule: v.id, impact: v.impact, help: v.help,
              nodes: v.nodes.map(n => ({target: n.target.join(' '), in: where(n),
                                        html: n.html.slice(0, 160), summary: n.failureSummary}))}))};
}""".replace("KIT_OUTPUTS", KIT_OUTPUTS)


AXE_OPEN: dict[tuple[str, str], str] = {}
"""axe-core's findings on the kit's pages that the kit cannot fix from Python, each with why: a rule and a class
of the element it fails on. Every other rule is checked."""


def axe_summary(result: dict) -> dict:
    """One row of the table a lesson's axe-core run prints: what was checked, the violations by impact, and the
    serious or critical ones (``blocking``) apart from the open ones (``open``: each rule with its elements), and
    what axe-core could not decide (``review``: elements by rule, with its ``reasons``)."""
    impacts = {"critical": 0, "serious": 0, "moderate": 0, "minor": 0}
    blocking, open_ = [], {}
    for violation in result.get("violations", []):
        impacts[violation["impact"]] = impacts.get(violation["impact"], 0) + len(violation["nodes"])
        for node in violation["nodes"]:
            known = next((why for (rule, cls), why in AXE_OPEN.items()
                          if rule == violation["rule"] and cls in node["html"]), None)
            if known:
                open_.setdefault(violation["rule"], []).append(node["in"] or node["target"])
            elif violation["impact"] in ("serious", "critical"):
                blocking.append({"rule": violation["rule"], "impact": violation["impact"], "help": violation["help"],
                                 **node})
    return {"outputs": result.get("outputs", 0), "rules": result.get("applicable", 0),
            "nodes": result.get("nodes", 0), **impacts, "open": open_, "blocking": blocking,
            "review": result.get("review", {}), "reasons": result.get("reasons", [])}


AXE_TABLE = ROOT / "build" / "axe-table.md"
"""Where every axe-core row of a test run is kept too (a run in several processes prints none of them)."""


def axe_row(lesson: str, theme: str, summary: dict) -> str:
    """A lesson's axe-core figures in one line of the printed table (and of build/axe-table.md)."""
    row = _axe_row(lesson, theme, summary)
    AXE_TABLE.parent.mkdir(exist_ok=True)
    with AXE_TABLE.open("a", encoding="utf-8") as table:
        table.write(row.splitlines()[0] + "\n")
    return row


def axe_blocking(lab, page, lesson: str, theme: str) -> list:
    """axe-core on the page's kit outputs in the theme it shows now: its row printed (and kept), and the serious or
    critical findings, which a test reports; it fails at once if axe-core found none of the kit's outputs."""
    summary = axe_summary(lab.axe(page))
    print("\n" + axe_row(lesson, theme, summary), end="", file=sys.__stdout__)
    assert summary["outputs"] > 0 and summary["rules"] > 10, f"{lesson}: axe-core found none of the kit's outputs"
    return summary["blocking"]


def _axe_row(lesson: str, theme: str, summary: dict) -> str:
    opened = ", ".join(f"{rule} x{len(nodes)}" for rule, nodes in summary["open"].items()) or "-"
    return (f"{lesson:<40} {theme:<6} outputs {summary['outputs']:>3}  rules {summary['rules']:>3}  "
            f"nodes {summary['nodes']:>4}  critical {summary['critical']}  serious {summary['serious']}  "
            f"moderate {summary['moderate']}  minor {summary['minor']}  open: {opened}  "
            f"to review: {sum(summary['review'].values())}"
            + "".join(f"\n    to review, {reason[:150]}" for reason in summary["reasons"][:6]))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


_SHARED: list = []


def launch_browser():
    """Playwright and a headless Chromium (Debian's), one for the whole test session: Playwright's sync API runs one
    event loop per thread, so JupyterLab's and Voila's tests share it; it stops when the session ends."""
    if not _SHARED:
        from playwright.sync_api import sync_playwright

        playwright = sync_playwright().start()
        browser = playwright.chromium.launch(executable_path=str(ensure_chromium()), headless=True, args=CHROMIUM_ARGS)
        _SHARED.extend([playwright, browser])
    return _SHARED[0], _SHARED[1]


def stop_browser() -> None:
    """Close the shared browser and Playwright (the test session's last step)."""
    if _SHARED:
        playwright, browser = _SHARED
        _SHARED.clear()
        browser.close()
        playwright.stop()


def _stop(server) -> None:
    """Close a test server's pages, stop its process and remove its temporary folder."""
    try:
        for page in server.pages:
            page.close()
    finally:
        server.server.send_signal(signal.SIGTERM)
        try:
            server.server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.server.kill()
        server.log.close()
        shutil.rmtree(server.tmp, ignore_errors=True)


class Voila:
    """One Voila server on a loopback port, serving copies of the lessons with progressive rendering, as
    `make present` does, and one browser; ``open`` times how long a lesson takes to become playable."""

    def __init__(self) -> None:
        self.tmp = Path(tempfile.mkdtemp(prefix="circus-voila-"))
        self.root = self.tmp / "root"
        for folder in ("notebooks", "exercises"):
            shutil.copytree(ROOT / folder, self.root / folder)
        self.port = _free_port()
        env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(self.tmp / "runtime"),
                   JUPYTER_CONFIG_DIR=str(self.tmp / "config"))
        args = [sys.executable, "-m", "voila", str(self.root / "notebooks"), "--no-browser", "--Voila.ip=127.0.0.1",
                f"--port={self.port}", "--progressive_rendering=True", "--Voila.port_retries=0"]
        self.log = open(self.tmp / "server.log", "wb")
        self.server = subprocess.Popen(args, stdout=self.log, stderr=subprocess.STDOUT, env=env, cwd=self.root)
        deadline = time.monotonic() + 60
        while True:  # probe the port only: a GET of a notebook would start a kernel
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                break
            except OSError:
                if self.server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"Voila did not start:\n{self.server_log()}") from None
                time.sleep(0.3)
        self._playwright, self.browser = launch_browser()
        self.pages: list = []

    def server_log(self) -> str:
        """What the server printed so far (for failure messages)."""
        self.log.flush()
        return (self.tmp / "server.log").read_text(errors="replace")[-4000:]

    def open(self, lesson: str, ready: str, *, timeout: float = 180):
        """Open a lesson (a file name in notebooks/) and wait until ``ready`` (a CSS selector) can be clicked;
        returns the page and the seconds from the request to that moment."""
        page = self.browser.new_page(viewport={"width": 1400, "height": 1000})
        self.pages.append(page)
        page.set_default_timeout(timeout * 1000)
        started = time.perf_counter()
        page.goto(f"http://127.0.0.1:{self.port}/voila/render/{lesson}", wait_until="commit")
        page.locator(ready).first.wait_for(state="visible")
        return page, time.perf_counter() - started

    def reset(self) -> None:
        """Close the pages (Voila shuts a page's kernel down when it closes)."""
        for page in self.pages:
            page.close()
        self.pages.clear()

    def close(self) -> None:
        """Close the pages and stop the server."""
        _stop(self)


class Lab:
    """One JupyterLab server on a loopback port, serving copies of the kit's notebooks, and one browser."""

    FIGURES = ".jp-OutputArea-output svg.circus-plot:not(.circus-class-plots svg)"
    """The lesson's own data charts on the page (not the class view's, whose charts follow the class's entries)."""

    def __init__(self) -> None:
        self.tmp = Path(tempfile.mkdtemp(prefix="circus-lab-"))
        self.root = self.tmp / "root"
        for folder in ("notebooks", "solutions", "exercises"):
            if (ROOT / folder).exists():
                shutil.copytree(ROOT / folder, self.root / folder)
        settings = self.tmp / "settings" / "@jupyterlab" / "apputils-extension"
        settings.mkdir(parents=True)
        (settings / "notification.jupyterlab-settings").write_text(
            json.dumps({"fetchNews": "false", "checkForUpdates": False}))
        self.port = _free_port()
        self.token = "circus-test"
        env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(self.tmp / "runtime"),
                   JUPYTER_CONFIG_DIR=str(self.tmp / "config"))
        args = [sys.executable, "-m", "jupyterlab", "--no-browser", "--ip=127.0.0.1", f"--port={self.port}",
                "--ServerApp.port_retries=0", f"--IdentityProvider.token={self.token}",
                f"--ServerApp.root_dir={self.root}", f"--LabApp.user_settings_dir={self.tmp / 'settings'}",
                f"--LabApp.workspaces_dir={self.tmp / 'workspaces'}", "--LabApp.news_url=None",
                "--LabApp.expose_app_in_browser=True"]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            args.append("--allow-root")
        self.pages: list = []
        self.log = open(self.tmp / "server.log", "wb")
        self.server = subprocess.Popen(args, stdout=self.log, stderr=subprocess.STDOUT, env=env, cwd=self.root)
        self._wait_for_server()
        self._playwright, self.browser = launch_browser()

    def _api(self, method: str, path: str):
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}?token={self.token}", method=method)
        with urllib.request.urlopen(request, timeout=10) as response:
            body = response.read()
        return json.loads(body) if body else None

    def reset(self) -> None:
        """Close the test's pages and shut its kernels down, so the next test starts clean and on a quiet machine."""
        for page in self.pages:
            page.close()
        self.pages.clear()
        for kernel in self._api("GET", "/api/kernels"):
            self._api("DELETE", f"/api/kernels/{kernel['id']}")

    def _wait_for_server(self, timeout: float = 180) -> None:  # a loaded machine starts JupyterLab slowly
        url = f"http://127.0.0.1:{self.port}/api/status?token={self.token}"
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.server.poll() is not None:
                raise RuntimeError(f"JupyterLab exited at start:\n{self.server_log()}")
            try:
                with urllib.request.urlopen(url, timeout=2) as response:
                    if response.status == 200:
                        return
            except OSError:
                time.sleep(0.3)
        raise RuntimeError(f"JupyterLab did not answer within {timeout:.0f} s:\n{self.server_log()}")

    def server_log(self) -> str:
        """What the server printed so far (for failure messages)."""
        self.log.flush()
        return (self.tmp / "server.log").read_text(errors="replace")[-4000:]

    def run_notebook(self, path: str, *, timeout: float = 240, notebook_width: int | None = None):
        """Open a notebook (path relative to the kit's root), wait for the kernel, run all cells, return the page;
        with ``notebook_width``, the window is first made as wide as needed for the notebook's area to be that many
        pixels wide."""
        page = self.browser.new_page(viewport={"width": 1400, "height": 1000})
        self.pages.append(page)
        page.set_default_timeout(60_000)
        # ?reset starts from an empty workspace: otherwise the notebooks of earlier tests open again beside this one
        page.goto(f"http://127.0.0.1:{self.port}/lab/tree/{path}?reset&token={self.token}")
        page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=90_000)
        page.wait_for_function(
            """() => [...document.querySelectorAll('.jp-StatusBar-Widget')]
                    .some(e => e.textContent.includes('| Idle'))""",
            timeout=90_000)
        if notebook_width is not None:
            self.set_notebook_width(page, notebook_width)
        page.click("text=Run >> nth=0")  # the menu bar's Run menu
        page.click('.lm-Menu-item[data-command="runmenu:run-all"]')
        # done when every code cell has run, or when one failed (Run All then leaves the rest unrun)
        page.wait_for_function(
            """() => { const STDERR = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']";
                       const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')];
                       const failed = [...document.querySelectorAll(STDERR)]
                         .some(e => e.textContent.includes('Traceback'));
                       const busy = prompts.some(p => p.textContent.includes('*'));
                       return (failed && !busy) ||
                              (prompts.length > 0 && prompts.every(p => /\\[\\d+\\]/.test(p.textContent))); }""",
            timeout=timeout * 1000)
        # JupyterLab shows a traceback as stderr, like a warning: a traceback is what tells an error apart
        errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']",
                              has_text="Traceback")
        if errors.count():
            raise AssertionError(f"{path} raised an error in the browser:\n{errors.first.text_content()[:3000]}")
        return page

    def add_notebook(self, name: str, sources: list[str]) -> str:
        """Write a notebook of code cells into the server's root; returns its path for ``run_notebook``."""
        import nbformat

        notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(s) for s in sources])
        notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
        (self.root / "notebooks" / name).write_text(nbformat.writes(notebook))
        return f"notebooks/{name}"

    @staticmethod
    def set_notebook_width(page, width: int) -> None:
        """Resize the window so that the notebook's area (its panel, between the side bars) is ``width`` pixels."""
        for _ in range(3):  # the side bars keep their width: one step is enough, a second checks it
            shown = page.evaluate("() => document.querySelector('.jp-NotebookPanel').getBoundingClientRect().width")
            if abs(shown - width) < 1:
                return
            page.set_viewport_size({"width": round(page.viewport_size["width"] + width - shown), "height": 1000})
            page.wait_for_timeout(400)
        raise AssertionError(f"the notebook's area is {shown:.0f} px wide, not {width}")

    @staticmethod
    def set_theme(page, theme: str) -> None:
        """Switch JupyterLab's theme ("JupyterLab Light", "JupyterLab Dark") and wait until it is applied."""
        page.evaluate("theme => window.jupyterapp.commands.execute('apputils:change-theme', {theme})", theme)
        page.wait_for_function("theme => document.body.dataset.jpThemeName === theme", arg=theme, timeout=30_000)
        page.wait_for_timeout(500)

    @staticmethod
    def axe(page) -> dict:
        """axe-core's checks of every rule on the kit's outputs on the page as it is shown now (theme included):
        how many outputs, rules and elements were checked, and the violations with their impact and elements."""
        if not page.evaluate("() => typeof window.axe === 'object'"):
            page.add_script_tag(path=str(ensure_axe()))
            # JupyterLab's <body> is 0 px tall (its panels are placed absolutely inside it); axe-core then takes
            # every text for out of view and skips its colour contrast without a word: a full-height body changes
            # nothing on screen
            page.add_style_tag(content="html, body { height: 100%; }")
        # the last outputs render after the last prompt shows its number: wait until their count holds for 1 s
        counts = []
        for _ in range(20):
            counts.append(page.evaluate(f"() => ({KIT_OUTPUTS})().length"))
            if len(counts) >= 3 and counts[-1] == counts[-2] == counts[-3]:
                break
            page.wait_for_timeout(500)
        return page.evaluate(_AXE_RUN)

    @staticmethod
    def click(page, selector: str, *, nth: int = 0) -> None:
        """Click the nth element with this CSS selector (a widget's stable class, say) and let the kernel answer."""
        target = page.locator(selector).nth(nth)
        target.scroll_into_view_if_needed()
        target.click()
        page.wait_for_timeout(300)

    @staticmethod
    def text(page, selector: str, *, nth: int = 0) -> str:
        """The visible text of the nth element with this CSS selector (scrolled into view: JupyterLab leaves
        output far off screen unrendered, so its text would read as empty)."""
        target = page.locator(selector).nth(nth)
        target.scroll_into_view_if_needed()
        return target.inner_text()

    @staticmethod
    def wait_for_count(page, selector: str, count: int, *, timeout: float = 30) -> int:
        """Wait until exactly ``count`` elements match the selector, and return how many there are then: a cell's
        prompt shows its number before JupyterLab has finished rendering its HTML outputs, and under load the last
        figures of a lesson may still be on their way when the run is done."""
        try:
            page.wait_for_function("([sel, n]) => document.querySelectorAll(sel).length === n", arg=[selector, count],
                                   timeout=timeout * 1000)
        except Exception:  # the assertion that follows says how many there were
            pass
        return page.locator(selector).count()

    @staticmethod
    def wait_for_text(page, selector: str, predicate: str, *, timeout: float = 15) -> str:
        """Wait until the element's text contains ``predicate``; returns the text. The element is scrolled into
        view first: JupyterLab leaves output far off screen unrendered, so its text would read as empty."""
        page.locator(selector).first.scroll_into_view_if_needed()
        # the text is read in the same moment it is found: read again afterwards, the output may have scrolled off
        # screen and been unrendered in between (it then reads as empty)
        found = page.wait_for_function(
            "([sel, want]) => { const e = document.querySelector(sel);"
            " return e && e.innerText.includes(want) ? e.innerText : false; }",
            arg=[selector, predicate], timeout=timeout * 1000)
        return found.json_value()

    @staticmethod
    def press(page, key: str, *, wait: int = 300) -> None:
        """Press a key on whatever has the focus and let the kernel answer (the keyboard alone: no click)."""
        page.keyboard.press(key)
        page.wait_for_timeout(wait)

    @staticmethod
    def focus(page, game: str, control: str) -> None:
        """Put the focus on a control of a game (as Tab brings it there), once the game is shown and its keyboard
        part has run (JupyterLab renders an output only when it is scrolled near)."""
        page.locator(game).first.scroll_into_view_if_needed()
        page.wait_for_selector(f"{game} .circus-live", state="attached", timeout=30_000)
        page.wait_for_selector(f"{game} {control}[aria-label]", state="attached", timeout=30_000)
        page.locator(f"{game} {control}").first.focus()

    @staticmethod
    def focused(page) -> str:
        """The accessible name of the control with the focus (its aria-label, else its label, else its text), '' for
        none; the words of the button's face that lead a name which does not hold them ("forward (1): ...") left
        out."""
        return page.evaluate("""() => { const e = document.activeElement;
            if (!e || e === document.body) return '';
            const label = e.labels && e.labels.length ? e.labels[0].textContent.trim() : '';  /* <label for> */
            const name = e.getAttribute('aria-label') || label || e.textContent.trim(), title = e.getAttribute('title');
            /* the script put the face first where Python's name (the title) lacked it: the name is then the title */
            return title && name === e.textContent.trim() + ': ' + title ? title : name; }""")

    @staticmethod
    def heard(page, game: str, before: str = "", *, want: str = "", timeout: float = 15) -> str:
        """Wait until the live region of the game at ``game`` (a selector) says something other than ``before``
        (and containing ``want``), and return what it says."""
        found = page.wait_for_function(
            "([sel, old, want]) => { const e = document.querySelector(sel + ' .circus-live');"
            " return e && e.textContent && e.textContent !== old && e.textContent.includes(want)"
            " ? e.textContent : false; }",
            arg=[game, before, want], timeout=timeout * 1000)
        return found.json_value()

    def close(self) -> None:
        """Close the pages and stop the server (which shuts its kernels down)."""
        _stop(self)
