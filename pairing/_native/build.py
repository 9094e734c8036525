"""Build the native matching extension in place: ``python -m pairing._native.build``.

The extension is optional: `pairing.matching` falls back to an exact pure-Python solver without it.
"""

from __future__ import annotations

import subprocess
import sys
import sysconfig
from pathlib import Path

HERE = Path(__file__).resolve().parent


def build() -> Path:
    """Compile blossom.c into the package folder and return the module's path."""
    target = HERE / ("_blossom" + sysconfig.get_config_var("EXT_SUFFIX"))
    command = [
        sysconfig.get_config_var("CC").split()[0] if sysconfig.get_config_var("CC") else "cc",
        "-O3",
        "-shared",
        "-fPIC",
        f"-I{sysconfig.get_paths()['include']}",
        str(HERE / "blossom.c"),
        "-o",
        str(target),
    ]
    subprocess.run(command, check=True)
    return target


if __name__ == "__main__":
    print(build(), file=sys.stderr)
