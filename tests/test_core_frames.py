"""Shipped frames: a still frame written once is laid pixel for pixel as matplotlib would draw it, and wherever this
kernel would draw it otherwise (another setting, another size, no file, a damaged file) it is drawn instead."""
from __future__ import annotations

import json

import matplotlib
import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from circuslib.core.frames import ShippedFrames


def _small(size: tuple[float, float] = (2.4, 1.6), dpi: int = 50) -> Figure:
    """A small frame of its own: axes, ticks, labels, a title, a legend, and one moving (animated) line."""
    figure = Figure(figsize=size, dpi=dpi, facecolor="white")
    FigureCanvasAgg(figure)
    ax = figure.add_subplot()
    ax.plot([0, 1, 2], [0, 1, 4], color="#0072B2", label="still")
    ax.plot([0, 2], [4, 0], color="#D55E00", animated=True)  # drawn over the frame, never in it
    ax.set_title("a frame", y=1)
    ax.set_xlabel("x")
    ax.legend(loc="upper left", fontsize=6)
    return figure


@pytest.fixture
def frames(tmp_path):
    shipped = ShippedFrames(tmp_path / "frames.json", about="test frames, written by the test")
    shipped.write({"small": _small})
    return shipped


def test_a_laid_frame_is_the_frame_matplotlib_draws_pixel_for_pixel(frames):
    fresh = ShippedFrames.pixels(_small())
    figure = _small()
    assert frames.lay("small", figure.canvas)
    laid = np.asarray(figure.canvas.buffer_rgba())
    assert laid.shape == fresh.shape == (80, 120, 4)
    assert np.array_equal(laid, fresh)
    assert (laid[..., :3] < 100).any() and (laid[..., :3] == 255).all(axis=-1).mean() > 0.5  # text on white
    # the moving line is not in the frame: its colour is nowhere in it
    assert not (laid[..., :3] == (0xD5, 0x5E, 0x00)).all(axis=-1).any()
    assert frames.differences({"small": _small}) == []


def test_the_file_holds_the_sentence_about_it_and_each_frame(frames):
    written = json.loads(frames.path.read_text(encoding="utf-8"))
    assert written["about"] == "test frames, written by the test"
    assert set(written["frames"]) == {"small"} and set(written["frames"]["small"]) == {"fingerprint", "rgba"}


def test_another_font_size_draws_the_frame_and_a_setting_that_changes_no_pixel_does_not(frames):
    with matplotlib.rc_context({"font.size": 13}):
        assert not frames.lay("small", _small().canvas)
        assert frames.differences({"small": _small}) == [
            "small: shipped for another matplotlib, other settings or another figure size"]
    with matplotlib.rc_context({"interactive": True}):  # as a kernel's inline backend sets it
        assert frames.lay("small", _small().canvas)


def test_another_figure_size_or_dpi_draws_the_frame(frames):
    assert not frames.lay("small", _small(size=(2.4, 2.0)).canvas)
    assert not frames.lay("small", _small(dpi=60).canvas)
    assert frames.lay("small", _small().canvas)


def test_a_mismatched_number_of_pixels_draws_the_frame(frames, tmp_path):
    import base64
    import zlib

    written = json.loads(frames.path.read_text(encoding="utf-8"))
    pixels = zlib.decompress(base64.b64decode(written["frames"]["small"]["rgba"]))
    written["frames"]["small"]["rgba"] = base64.b64encode(zlib.compress(pixels[:-4])).decode()  # one pixel short
    cut = ShippedFrames(tmp_path / "cut.json", about="cut")
    cut.path.write_text(json.dumps(written), encoding="utf-8")
    assert cut.lay("small", _small().canvas) is False
    assert cut.differences({"small": _small}) == ["small: the shipped pixels are not the frame drawn now"]


@pytest.mark.parametrize("text", [None, "", "not json", '{"about": "no frames"}', '{"frames": [1, 2]}',
                                  '{"frames": {"small": {"fingerprint": "x"}}}',
                                  '{"frames": {"small": {"fingerprint": "x", "rgba": "not base64!"}}}'])
def test_a_missing_or_unreadable_file_means_drawing(tmp_path, text):
    path = tmp_path / "frames.json"
    if text is not None:
        path.write_text(text, encoding="utf-8")
    shipped = ShippedFrames(path, about="damaged")
    assert shipped.lay("small", _small().canvas) is False
    assert shipped.differences({"small": _small}) == ["small: not shipped (or unreadable) in frames.json"]


def test_a_damaged_entry_with_the_right_fingerprint_means_drawing(frames, tmp_path):
    written = json.loads(frames.path.read_text(encoding="utf-8"))
    written["frames"]["small"]["rgba"] = "AAAA"  # base64, but not zlib
    damaged = ShippedFrames(tmp_path / "damaged.json", about="damaged")
    damaged.path.write_text(json.dumps(written), encoding="utf-8")
    assert damaged.lay("small", _small().canvas) is False


def test_a_frame_not_shipped_is_drawn_and_one_no_longer_drawn_is_named(frames):
    assert frames.lay("other", _small().canvas) is False
    assert frames.differences({"other": _small}) == ["small: shipped but no longer drawn by the game",
                                                     "other: not shipped (or unreadable) in frames.json"]


def test_a_frame_drawn_otherwise_is_a_difference(frames):
    def changed() -> Figure:
        figure = _small()
        figure.axes[0].set_title("another title", y=1)
        return figure

    assert frames.differences({"small": changed}) == ["small: the shipped pixels are not the frame drawn now"]


def test_writing_the_shipped_file_again_is_read_again(frames):
    assert frames.lay("small", _small().canvas)
    frames.write({"small": lambda: _small(dpi=60)})
    assert not frames.lay("small", _small().canvas)
    assert frames.lay("small", _small(dpi=60).canvas)


def test_writing_elsewhere_leaves_the_shipped_file_alone(frames, tmp_path):
    before = frames.path.read_bytes()
    elsewhere = frames.write({"small": lambda: _small(dpi=60)}, tmp_path / "elsewhere.json")
    assert elsewhere == tmp_path / "elsewhere.json" and elsewhere.exists()
    assert frames.path.read_bytes() == before and frames.lay("small", _small().canvas)


def test_the_arguments_are_checked_with_sentences(tmp_path, frames):
    with pytest.raises(TypeError, match="path must be"):
        ShippedFrames(3, about="x")
    with pytest.raises(ValueError, match="about must be a sentence"):
        ShippedFrames(tmp_path / "f.json", about=" ")
    with pytest.raises(ValueError, match="a frame's name is a non-empty text"):
        frames.lay("", _small().canvas)
    with pytest.raises(TypeError, match="canvas must be an Agg canvas"):
        frames.lay("small", _small())
    with pytest.raises(TypeError, match="figure must be a matplotlib Figure"):
        ShippedFrames.fingerprint(_small().canvas)
    with pytest.raises(ValueError, match="at least one frame"):
        frames.write({})
    with pytest.raises(TypeError, match="must be a function returning its figure"):
        frames.write({"small": _small()})
    with pytest.raises(TypeError, match="the maker of the frame 'small' returned must be a matplotlib Figure"):
        frames.write({"small": lambda: None})
