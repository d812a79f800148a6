"""Playing by keyboard and screen reader: accessible names, arrow keys through a row of cards or a ring of tokens,
a polite live region telling what just happened, and a focus outline that shows.

ipywidgets 8 cannot set ARIA attributes or a roving tab stop by itself. The one mechanism of the kit: every game
and explorer (``core.ui.Shown``) carries one invisible ``ipywidgets.HTML`` part, ``access_part()``, whose content
holds a stylesheet and a few lines of script run by an image that fails to load (``onerror``), since a <script>
set as HTML does not run. The HTML widget sets its content unsanitised (JupyterLab and Voila, both tested; JupyterLite
uses the same widget manager), so this needs no lab extension, no package and no network: a custom widget
(anywidget) would add two packages, one of them (psygnal) not built for Pyodide, and about 0.15 s to each kernel's
imports. A page whose Content-Security-Policy forbids inline handlers runs no script: the games still play by
mouse and by Tab, with the names on hover. The script finds its game
(``closest('.circus-themed')``) and from then on, at every change the kernel makes to it (a MutationObserver):

- gives every button (and drop-down, slider, check box) the accessible name Python gave it: the control's
  tooltip (``button(..., name=...)``, ipywidgets' ``tooltip`` trait, which the browser shows as ``title`` on
  hover) becomes its ``aria-label``, after the words on the button's face where the name does not hold them
  ("forward (1): Manoeuvre forward: costs 1 movement point", so that the visible label is in the name), and a
  toggle button says whether it is pressed (``aria-pressed``);
- makes each box with the class ``ROW`` (a hand of cards, a ring of tokens) a named group (``role=group``, named
  by ``named_row``) with one tab stop: the arrow keys move along it, round the end to the start, and Home and
  End to its ends; Tab leaves it for the next control;
- keeps the focus in the game when the button it was on is disabled or replaced by the move it made (it goes
  to the first button beside it, else the first of the game's controls);
- keeps a polite live region (``role=status``, class ``LIVE``) that reads out what just happened: the new lines
  of the move log and the message line, once the kernel's answer to a key has arrived.

The names themselves are set in Python, where each game makes its buttons, so they are tested without a browser.
"""
from __future__ import annotations

import html
import json
from typing import Any

__all__ = ["ROW", "LIVE", "named_row", "access_part", "ACCESS_CSS"]

ROW = "circus-row"
"""The class of a box whose buttons are one row (a hand, a ring): one tab stop, arrow keys inside."""

_ROW_NAMES: dict[str, str] = {}
"""Each row's name by its own CSS class (ipywidgets cannot give a box a title: its tooltip breaks the box's view)."""


def named_row(css_class: str, name: str) -> tuple[str, str]:
    """The CSS classes for a box of buttons that is one row (a hand, a ring), named in the game's words ("Your
    hand"): one tab stop, the arrow keys inside."""
    _ROW_NAMES[css_class] = name
    return (ROW, css_class)


LIVE = "circus-live"
"""The class of the live region the script adds to each game."""

ACCESS_CSS = (
    # a focus outline that shows on every theme: the theme's focus colour, else the text's own colour
    ".circus-themed :focus-visible { outline: 3px solid var(--jp-widgets-input-focus-border-color, "
    "var(--jp-brand-color1, currentColor)) !important; outline-offset: 2px; }"
    # the live region is read, not shown (the log and the message line show the same words)
    f".{LIVE} {{ position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); "
    "white-space: nowrap; }"
    ".circus-access { position: absolute; width: 1px; height: 1px; overflow: hidden; }"
)

NAMED = "circus-named"
"""The class of a control with a description whose name Python keeps for the script (``described_names``)."""


_SCRIPT = """(function (img) {
  var root = img.closest('.circus-themed'), box = img.parentNode, named = JSON.parse(img.dataset.rows || '{}');
  var controls = JSON.parse(img.dataset.controls || '{}');
  img.remove();  /* its work is done once it has run: no image is left in the page */
  if (!root || root.circusAccess) return;
  root.circusAccess = true;
  var live = document.createElement('div');
  live.className = '@LIVE@';
  live.setAttribute('role', 'status');
  live.setAttribute('aria-live', 'polite');
  live.setAttribute('aria-atomic', 'true');
  box.appendChild(live);
  var heard = 0, said = null, timer = null, acted = false;
  function logLines() {
    var list = root.querySelector('.circus-log ol');
    if (!list) return [];
    var start = parseInt(list.getAttribute('start') || '1', 10);
    return Array.prototype.map.call(list.children, function (item, i) {
      return {n: start + i, text: item.textContent.trim()};
    });
  }
  function news() {
    var lines = logLines(), last = lines.length ? lines[lines.length - 1].n : 0;
    var message = root.querySelector('.circus-message');
    var now = message ? message.textContent.trim() : '';
    /* what the game showed before the student's first key or click is on the page: only news is told */
    var fresh = acted ? lines.filter(function (l) { return l.n > heard; }) : [];
    var words = fresh.map(function (l) { return l.text; });
    /* the message is told unless a new log line has just said the same ("Game over: ..." in both) */
    if (acted && now && (now !== said || words.length) && words[words.length - 1] !== now) words.push(now);
    heard = last; said = now;
    /* one sentence a line: a full stop where the line has no mark of its own */
    if (words.length) live.textContent = words.map(function (w) { return /[.!?]$/.test(w) ? w : w + '.'; }).join(' ');
  }
  function plain(text) {  /* its words only, as names are compared */
    return (text || '').toLowerCase().replace(/[^a-z0-9\u00c0-\u024f]+/g, ' ').trim();
  }
  function given(element) {  /* the name Python gave a described control, which ipywidgets does not put on the page */
    var control = element.closest('.@NAMED@');
    if (!control || !root.contains(control)) return '';
    return Array.prototype.map.call(control.classList, function (c) { return controls[c]; }).filter(Boolean)[0] || '';
  }
  function holds(words, part) {  /* whole words: the A of A♠ is not the a in "take" */
    return (' ' + words + ' ').indexOf(' ' + part + ' ') >= 0;
  }
  function buttons(row) {
    return Array.prototype.filter.call(row.querySelectorAll('button'), function (b) { return !b.disabled; });
  }
  function rove(row, to) {
    buttons(row).forEach(function (b) { b.tabIndex = b === to ? 0 : -1; });
  }
  function apply() {
    root.querySelectorAll('button').forEach(function (b) {
      var name = b.getAttribute('title'), face = b.textContent.trim();
      /* what a button says on its face comes first when its name does not say it already (WCAG's label in name:
         a student who says "forward" to voice control reaches the button): "forward (1): Manoeuvre forward..." */
      if (name && plain(face) && !holds(plain(name), plain(face))) name = face + ': ' + name;
      if (name && b.getAttribute('aria-label') !== name) b.setAttribute('aria-label', name);
      if (b.classList.contains('widget-toggle-button') || b.classList.contains('jupyter-widget-toggle-button'))
        b.setAttribute('aria-pressed', b.classList.contains('mod-active') ? 'true' : 'false');
    });
    root.querySelectorAll('select, input, textarea').forEach(function (c) {
      var widget = c.closest('[title]');
      var name = given(c) || (widget && root.contains(widget) && widget.getAttribute('title'));
      if (name && c.getAttribute('aria-label') !== name) c.setAttribute('aria-label', name);
    });
    /* a slider's handle (noUiSlider's role=slider) gets its slider's name: its tooltip, else its label */
    root.querySelectorAll('.noUi-handle').forEach(function (h) {
      var slider = h.closest('.widget-slider, .jupyter-widget-slider, .widget-inline-hbox');
      var titled = h.closest('[title]'), label = slider && slider.querySelector('.widget-label');
      var name = given(h) || (titled && root.contains(titled) && titled.getAttribute('title')) ||
                 (label && label.textContent.trim()) || 'slider';
      if (h.getAttribute('aria-label') !== name) h.setAttribute('aria-label', name);
    });
    root.querySelectorAll('.@ROW@').forEach(function (row) {
      row.setAttribute('role', 'group');
      var name = Array.prototype.map.call(row.classList, function (c) { return named[c]; }).filter(Boolean)[0];
      if (name) row.setAttribute('aria-label', name);
      var items = buttons(row);
      if (!items.length) return;
      var current = items.filter(function (b) { return b.tabIndex === 0 && b.circusRove; })[0];
      if (!current) { current = row.contains(document.activeElement) ? document.activeElement : items[0]; }
      items.forEach(function (b) { b.circusRove = true; });
      row.querySelectorAll('button:disabled').forEach(function (b) { b.tabIndex = -1; });
      rove(row, current);
    });
    clearTimeout(timer);
    /* the kernel's answer comes as several messages: move the focus and tell it once it is all there */
    timer = setTimeout(function () { keepFocus(); news(); }, 200);
  }
  ['keydown', 'pointerdown'].forEach(function (kind) {
    root.addEventListener(kind, function () { acted = true; }, true);
  });
  var last = null, lastBox = null;
  root.addEventListener('focusin', function (event) {
    if (event.target.tagName !== 'BUTTON') return;
    last = event.target; lastBox = last.parentElement;
    var row = last.closest('.@ROW@');
    if (row && root.contains(row)) rove(row, last);  /* a card clicked is where Tab comes back to */
  });
  function keepFocus() {
    /* a button pressed by keyboard that the move disables or replaces would drop the focus to the page's start */
    var lost = !document.activeElement || document.activeElement === document.body || document.activeElement === last;
    if (!last || !lost || (!last.disabled && root.contains(last))) return;
    var inBox = lastBox && root.contains(lastBox) ? buttons(lastBox) : [];
    var controls = root.querySelector('.circus-controls');
    var next = inBox[0] || (controls && buttons(controls)[0]) || buttons(root)[0];
    if (next) next.focus();
  }
  var keys = {ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1};
  root.addEventListener('keydown', function (event) {
    var row = event.target.closest && event.target.closest('.@ROW@');
    if (!row || !root.contains(row) || event.altKey || event.ctrlKey || event.metaKey) return;
    var items = buttons(row), at = items.indexOf(event.target);
    if (at < 0) return;
    var to;
    if (event.key in keys) to = items[(at + keys[event.key] + items.length) % items.length];
    else if (event.key === 'Home') to = items[0];
    else if (event.key === 'End') to = items[items.length - 1];
    else return;
    event.preventDefault();
    event.stopPropagation();  /* the arrow keys move in the row, not to the notebook's next cell */
    rove(row, to);
    to.focus();
  });
  new MutationObserver(apply).observe(root, {subtree: true, childList: true, characterData: true,
    attributes: true, attributeFilter: ['title', 'class', 'disabled']});
  apply();
  news();
})(this)""".replace("@LIVE@", LIVE).replace("@ROW@", ROW).replace("@NAMED@", NAMED)


def access_html(controls: dict[str, str] | None = None) -> str:
    """The access part's content: the focus outline's stylesheet and the script that runs once it is shown."""
    script = " ".join(line.strip() for line in _SCRIPT.splitlines())
    return (f"<style>{ACCESS_CSS}</style>"
            f'<img src="data:," alt="" aria-hidden="true" style="display:none" '
            f'data-rows="{html.escape(json.dumps(_ROW_NAMES))}" '
            f'data-controls="{html.escape(json.dumps(controls or {}))}" onerror="{html.escape(script)}">')


def described_names(tree: Any) -> dict[str, str]:
    """The names of a tree's sliders, drop-downs and text boxes that have a visible description too: ipywidgets 8
    puts a control's tooltip on the page only when it has no description, so each such control gets a class of its
    own (``circus-named-<n>``, counted in the tree) and its name goes to the script, which reads it out."""
    import ipywidgets as widgets

    names: dict[str, str] = {}
    todo = [tree]
    while todo:
        w = todo.pop()
        todo.extend(getattr(w, "children", ()) or ())
        if isinstance(w, (widgets.Button, widgets.ToggleButton, widgets.Box)) or not isinstance(w, widgets.Widget):
            continue
        tooltip, described = getattr(w, "tooltip", None), getattr(w, "description", "")
        if tooltip and described:
            css_class = f"{NAMED}-{len(names)}"  # the script looks it up in its own game's names only
            w._dom_classes = (*w._dom_classes, NAMED, css_class)  # one message to the browser, not two
            names[css_class] = tooltip
    return names


def access_part(layout: Any = None, tree: Any = None) -> Any:
    """The invisible part every game and explorer carries for keyboard and screen-reader play (see above); it may
    share a ``layout`` (its look comes from its CSS class); ``tree`` is the game whose described controls it names."""
    import ipywidgets as widgets

    return widgets.HTML(access_html(described_names(tree) if tree is not None else None),
                        _dom_classes=("circus-access",), **({"layout": layout} if layout else {}))
