"""Still frames shipped as pixels: an explorer's axes, ticks, labels and legend, drawn once by matplotlib and laid by
each kernel that would draw exactly them, because a full draw costs 50-80 ms in each of a class's thirty kernels."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # only for the annotations: matplotlib and numpy load when a frame is drawn or laid
    import numpy
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

__all__ = ["ShippedFrames", "NOT_DRAWN"]

NOT_DRAWN = ("backend", "interactive", "toolbar", "keymap.", "webagg.", "tk.", "macosx.", "animation.", "savefig.",
             "figure.raise_window")
"""matplotlib settings that never change a canvas's pixels, left out of the fingerprint (a kernel's inline backend
sets ``interactive`` at its first figure: the shipped frames must still be used there)."""


class ShippedFrames:
    """The still frames of a game's explorers, by name, in one JSON file next to the game's modules: each frame's
    RGBA pixels (zlib, then base64) and its fingerprint. ``lay`` puts a frame's pixels on a canvas when this kernel
    would draw exactly them, ``write`` draws them again and writes the file, and ``differences`` says which shipped
    frames are no longer what matplotlib draws (the game's test asks it)."""

    def __init__(self, path: Path | str, about: str) -> None:
        if not isinstance(path, (str, Path)):
            raise TypeError(f"path must be the JSON file's path (a str or a Path), not {type(path).__name__}")
        if not isinstance(about, str) or not about.strip():
            raise ValueError("about must be a sentence saying what the frames are and how to write them again")
        self.path = Path(path)
        self.about = about  # kept in the file, for whoever opens it
        self._frames: dict | None = None  # read on first use, once a session

    # --- what a frame depends on ------------------------------------------------------------------------------
    @staticmethod
    def fingerprint(figure: Figure) -> str:
        """What a figure's pixels depend on besides its own drawing: matplotlib's version, its settings (but those
        in ``NOT_DRAWN``), the figure's size and dpi, as a SHA-256 hex digest."""
        import hashlib
        import json

        import matplotlib

        _check_figure(figure)
        settings = sorted((key, repr(value)) for key, value in matplotlib.rcParams.items()
                          if not key.startswith(NOT_DRAWN))
        what = [matplotlib.__version__, list(figure.get_size_inches()), figure.dpi, settings]
        return hashlib.sha256(json.dumps(what).encode()).hexdigest()

    @staticmethod
    def pixels(figure: Figure) -> numpy.ndarray:
        """The figure drawn now, in full, as matplotlib draws it (height x width x 4 RGBA, a copy): what is shipped.
        Animated artists (an explorer's moving parts) are left out, as in every full draw."""
        import numpy as np

        _check_figure(figure)
        canvas = _agg_canvas(figure.canvas, "the figure's canvas")
        canvas.draw()
        return np.asarray(canvas.buffer_rgba()).copy()

    # --- the shipped file -------------------------------------------------------------------------------------
    def frames(self) -> dict:
        """The shipped frames by name, {"fingerprint": ..., "rgba": ...} each; empty when the file is missing or
        unreadable (then every frame is drawn). Read once a session."""
        if self._frames is None:
            import json

            try:
                frames = json.loads(self.path.read_text(encoding="utf-8"))["frames"]
                if not isinstance(frames, dict):
                    raise TypeError("frames is not a mapping")
            except (OSError, ValueError, KeyError, TypeError):
                frames = {}  # drawn, as without the file; and not read again
            self._frames = frames
        return self._frames

    def shipped_pixels(self, name: str) -> tuple[str, bytes] | None:
        """The frame ``name`` as shipped: its fingerprint and its raw RGBA bytes, or None when it is not shipped or
        cannot be read."""
        import base64
        import binascii
        import zlib

        frame = self.frames().get(_check_name(name))
        try:
            return frame["fingerprint"], zlib.decompress(base64.b64decode(frame["rgba"], validate=True))
        except (TypeError, KeyError, ValueError, binascii.Error, zlib.error):
            return None  # a damaged entry is drawn, never an error in a student's kernel

    def lay(self, name: str, canvas: FigureCanvasAgg) -> bool:
        """Lay the shipped frame ``name`` on the canvas, if the kit ships it and this kernel would draw exactly it
        (same fingerprint, same size in pixels); False otherwise, and the caller draws the frame itself."""
        import numpy as np

        _check_name(name)
        _agg_canvas(canvas, "canvas")
        if name not in self.frames():  # not read nor fingerprinted when nothing is shipped under this name
            return False
        shipped = self.shipped_pixels(name)
        if shipped is None or shipped[0] != self.fingerprint(canvas.figure):
            return False
        pixels = np.frombuffer(shipped[1], dtype=np.uint8)
        # the renderer's own buffer, written in place: what canvas.draw() would have filled
        target = np.asarray(canvas.get_renderer().buffer_rgba())
        if pixels.size != target.size:  # a file edited by hand, or a figure resized after its fingerprint
            return False
        target[...] = pixels.reshape(target.shape)
        return True

    # --- drawing them again -----------------------------------------------------------------------------------
    def drawn(self, makers: dict[str, Callable[[], Figure]]) -> dict[str, tuple[str, numpy.ndarray]]:
        """Each frame drawn now, by name: (its fingerprint, its pixels). ``makers`` gives each frame's name and a
        function that makes its figure, as the explorer draws it (its moving parts animated or hidden)."""
        frames = {}
        for name, make in _check_makers(makers).items():
            figure = make()
            _check_figure(figure, f"the maker of the frame {name!r} returned")
            frames[name] = (self.fingerprint(figure), self.pixels(figure))
        return frames

    def write(self, makers: dict[str, Callable[[], Figure]], path: Path | str | None = None) -> Path:
        """Draw every frame (see ``drawn``) and write them to the shipped file (or to ``path``); returns the path
        written. Run it after changing how an explorer draws its frame, or with another matplotlib."""
        import base64
        import json
        import zlib

        if path is not None and not isinstance(path, (str, Path)):
            raise TypeError(f"path must be a str or a Path, or None for the shipped file, not {type(path).__name__}")
        target = self.path if path is None else Path(path)
        frames = {name: {"fingerprint": fingerprint,
                         "rgba": base64.b64encode(zlib.compress(pixels.tobytes(), 9)).decode()}
                  for name, (fingerprint, pixels) in self.drawn(makers).items()}
        target.write_text(json.dumps({"about": self.about, "frames": frames}, indent=1) + "\n", encoding="utf-8")
        if target.resolve() == self.path.resolve():
            self._frames = None  # read again when next asked
        return target

    def differences(self, makers: dict[str, Callable[[], Figure]]) -> list[str]:
        """Sentences naming each frame whose shipped pixels are not what matplotlib draws now (missing, another
        fingerprint, other pixels), and each shipped frame no maker draws; empty when the file is up to date."""
        drawn = self.drawn(makers)
        found = [f"{name}: shipped but no longer drawn by the game" for name in sorted(set(self.frames()) - set(drawn))]
        for name, (fingerprint, pixels) in drawn.items():
            shipped = self.shipped_pixels(name) if name in self.frames() else None
            if shipped is None:
                found.append(f"{name}: not shipped (or unreadable) in {self.path.name}")
            elif shipped[0] != fingerprint:
                found.append(f"{name}: shipped for another matplotlib, other settings or another figure size")
            elif shipped[1] != pixels.tobytes():
                found.append(f"{name}: the shipped pixels are not the frame drawn now")
        return found


def _check_name(name: object) -> str:
    if not isinstance(name, str) or not name:
        raise ValueError(f"a frame's name is a non-empty text, like 'race', not {name!r}")
    return name


def _check_figure(figure: object, what: str = "figure") -> None:
    from matplotlib.figure import Figure

    if not isinstance(figure, Figure):
        raise TypeError(f"{what} must be a matplotlib Figure, not {type(figure).__name__}")


def _agg_canvas(canvas: object, what: str) -> FigureCanvasAgg:
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    if not isinstance(canvas, FigureCanvasAgg):
        raise TypeError(f"{what} must be an Agg canvas, FigureCanvasAgg(figure), not {type(canvas).__name__}: "
                        "its pixels are what is shipped and laid")
    return canvas


def _check_makers(makers: object) -> dict:
    if not isinstance(makers, dict) or not makers:
        raise ValueError("makers must be a dict of each frame's name and a function making its figure, with at "
                         "least one frame")
    for name, make in makers.items():
        _check_name(name)
        if not callable(make):
            raise TypeError(f"the maker of the frame {name!r} must be a function returning its figure, not "
                            f"{type(make).__name__}")
    return makers
