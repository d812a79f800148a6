"""The tools some tests need from the machine (Chromium, Poppler, pandoc from apt; packages from npm), installed
when missing, one install at a time: `make test` runs its test files in two processes, and two apt-get or npm runs
at once would fight over dpkg's lock or one node_modules folder."""
from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

LOCK = Path(tempfile.gettempdir()) / "circuslib-test-installs.lock"


@contextlib.contextmanager
def one_install_at_a_time() -> Iterator[None]:
    """Hold the machine-wide lock of the tests' installs (released when the block ends, or the process does)."""
    with open(LOCK, "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def installed(present: Callable[[], bool], install: Callable[[], object]) -> bool:
    """Whether the tool is there, after installing it under the lock if it was not (another process may have
    installed it while this one waited)."""
    if present():
        return True
    with one_install_at_a_time():
        if not present():
            install()
        return present()


def apt_install(*packages: str) -> None:
    """Install Debian packages when we are root and apt-get exists (otherwise nothing happens)."""
    if not (hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get")):
        return
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(["apt-get", "update", "-qq"], check=False, env=env, stdout=subprocess.DEVNULL)
    subprocess.run(["apt-get", "install", "-y", "-qq", *packages], check=False, env=env, stdout=subprocess.DEVNULL)
