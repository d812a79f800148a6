"""axe-core, run inside the page, on what the kit shows in JupyterLab: each lesson run once, its figures, pictures and
widgets checked against every rule axe-core runs by default, in the light theme and then the dark one, with no
serious or critical violation inside the kit's outputs (apart from ``lab.AXE_OPEN``, what only front-end code could
fix, each with its reason). A table per lesson is printed: the outputs, rules and elements checked, the violations
by impact.

The six lessons are checked in the same run as their widths (tests/test_browser_widths.py, which already runs each
lesson once in both themes); their companions in notebooks/more/ here."""
from __future__ import annotations

import json

import pytest
from lab import axe_blocking, axe_summary

from notebooks import ROOT

pytestmark = pytest.mark.browser

COMPANIONS = sorted(f"more/{p.name}" for p in (ROOT / "notebooks" / "more").glob("[0-9]*.ipynb"))
THEMES = {"light": "JupyterLab Light", "dark": "JupyterLab Dark"}


def check_in_both_themes(lab, page, lesson: str, capsys) -> None:
    """axe-core on the kit's outputs of a lesson already run, in light then dark; the table's rows printed."""
    blocking = {}
    for short, theme in THEMES.items():
        lab.set_theme(page, theme)
        found = axe_blocking(lab, page, lesson, short)
        if found:
            blocking[short] = found
    lab.set_theme(page, "JupyterLab Light")
    assert not blocking, (f"{lesson}: serious or critical accessibility violations in the kit's outputs:\n"
                          f"{json.dumps(blocking, indent=1, ensure_ascii=False)[:6000]}")


@pytest.mark.parametrize("lesson", COMPANIONS)
def test_every_companion_passes_axe_core_in_light_and_dark(unwindowed, lesson, capsys):
    lab = unwindowed
    page = lab.run_notebook(f"notebooks/{lesson}")
    page.wait_for_timeout(1000)  # the last widgets render after the last prompt shows its number
    check_in_both_themes(lab, page, lesson, capsys)


def test_axe_core_sees_an_unnamed_picture_and_faint_words_in_a_kit_output(unwindowed):
    # the measure itself: a picture with no words and grey text on white, in an output of the kit's classes, are
    # found; the kit's own Picture of the same drawing, with its words, is not; an output that is not the kit's is
    # left alone
    lab = unwindowed
    path = lab.add_notebook("axe.ipynb", [
        "from IPython.display import HTML, display\n"
        "from circuslib.core.svg import Picture\n"
        "svg = '<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"20\" role=\"img\">"
        "<rect width=\"40\" height=\"20\" fill=\"#888\"/></svg>'\n"
        "display(HTML('<div class=\"circus-bare\">' + svg + '<p style=\"color: #ccc; background: #fff\">faint</p>"
        "</div>'))\n"
        "display(Picture.of(svg, 'A grey box.'))\n"
        "display(HTML('<p style=\"color: #ddd; background: #fff\">not the kit</p>'))"])
    page = lab.run_notebook(path)
    lab.wait_for_count(page, ".jp-OutputArea-output .circus-figure", 1)
    result = lab.axe(page)
    assert result["outputs"] == 2, result
    rules = {v["rule"]: [n["in"] for n in v["nodes"]] for v in result["violations"]}
    assert rules.get("svg-img-alt") == ["circus-bare"], rules
    assert rules.get("color-contrast") == ["circus-bare"], rules
    summary = axe_summary(result)
    assert {b["rule"] for b in summary["blocking"]} == {"svg-img-alt", "color-contrast"}
