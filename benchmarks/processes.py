"""One child process measured on its own: CPU seconds (user + system), wall seconds and peak memory.

`os.wait4` returns the child's own resource usage, so sizes measured one after another do not mix
their peaks (`RUSAGE_CHILDREN` keeps the largest child seen).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path

from attrs import frozen


@frozen
class Run:
    cpu: float
    """User plus system CPU seconds of the child."""
    wall: float
    peak_mib: float
    """The child's maximum resident set."""
    returncode: int
    stdout: str


def measure(command: list[str], cwd: Path | None = None, environment: Mapping[str, str] | None = None) -> Run:
    """Run `command` to its end and measure it; its output is kept, its errors shown if it fails.
    Output goes through temporary files: reading pipes would make `Popen` reap the child first.
    `environment` replaces the child's environment (default: this process's)."""
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        started = time.perf_counter()
        child = subprocess.Popen(command, cwd=cwd, env=environment, stdout=out, stderr=err, text=True)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - started
        child.returncode = returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        if returncode:
            sys.stderr.write(err.read())
        stdout = out.read()
    return Run(
        cpu=usage.ru_utime + usage.ru_stime,
        wall=wall,
        peak_mib=usage.ru_maxrss / 1024,
        returncode=returncode,
        stdout=stdout,
    )


def console_command(name: str) -> list[str]:
    """An installed program of this project (`arbiter`, `arbiter-pair`): beside this interpreter (a
    virtual environment), else on PATH."""
    beside = Path(sys.executable).parent / name
    found = str(beside) if beside.exists() else shutil.which(name)
    if found is None:
        raise SystemExit(f"the `{name}` program is not installed: pip install -e . first")
    return [found]


def arbiter_command() -> list[str]:
    """The installed `arbiter` program."""
    return console_command("arbiter")
