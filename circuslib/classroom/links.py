"""nbgitpuller links: one per lesson, that pull the kit's repository into the student's home on the hub (or update
it, leaving their own changes alone) and open the lesson. ``python -m circuslib links REPO_URL HUB_URL``."""
from __future__ import annotations

from urllib.parse import quote, urlencode, urlsplit

__all__ = ["LESSONS", "lesson_links"]

LESSONS = ("00_welcome", "01_flip7", "02_petit_cirque_volant", "03_scout", "04_speed", "05_flip_circus")
"""The lessons, in teaching order (notebooks/NAME.ipynb)."""


def _url(value: str, what: str) -> str:
    parts = urlsplit(value.strip()) if isinstance(value, str) else None
    if parts is None or parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError(f"the {what} is a web address starting with https://, not {value!r}")
    return value.strip().rstrip("/")


def lesson_links(repo: str, hub: str, *, branch: str = "main", app: str = "lab") -> dict[str, str]:
    """Each lesson's nbgitpuller link: ``app`` "lab" opens it in JupyterLab, "voila" as an app (make present)."""
    repo, hub = _url(repo, "repository's address"), _url(hub, "hub's address")
    if app not in ("lab", "voila"):
        raise ValueError(f"a lesson opens in 'lab' or 'voila', not {app!r}")
    if not branch or any(c in branch for c in " ?&#"):
        raise ValueError(f"{branch!r} is not a branch name")
    folder = urlsplit(repo).path.rstrip("/").rsplit("/", 1)[-1].removesuffix(".git") or "circuslib"
    links = {}
    for lesson in LESSONS:
        path = f"{folder}/notebooks/{lesson}.ipynb"
        urlpath = f"lab/tree/{path}" if app == "lab" else f"voila/render/{path}"
        query = urlencode({"repo": repo, "branch": branch, "urlpath": urlpath}, quote_via=quote)
        links[lesson] = f"{hub}/hub/user-redirect/git-pull?{query}"
    return links
