"""docs/security.md's claims, checked by running its commands: every `sh` block, in order, in one shell in an
empty folder, with the installed `arbiter`; a line ending in `# exit N` must exit with N, any other with 0."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

DOC = Path(__file__).resolve().parent.parent / "docs" / "security.md"
BLOCK = re.compile(r"^```sh\n(.*?)^```", re.MULTILINE | re.DOTALL)
EXPECTED_EXIT = re.compile(r"#\s*exit (\d+)")


def commands(doc: str) -> list[str]:
    """The doc's `sh` lines, in order."""
    return [line for block in BLOCK.findall(doc) for line in block.splitlines() if line.strip()]


def checked_script(lines: list[str]) -> str:
    """The lines, each followed by a check of its exit code; the first wrong one ends the script with 99
    after printing its index."""
    script = ["set -u"]
    for index, line in enumerate(lines):
        expected = EXPECTED_EXIT.search(line)
        want = int(expected.group(1)) if expected else 0
        script.append(line)
        script.append(f'code=$?; if [ "$code" -ne {want} ]; then echo "FAILED {index} exit $code" >&2; exit 99; fi')
    return "\n".join(script) + "\n"


def test_every_command_in_docs_security_md_does_what_it_says(tmp_path: Path) -> None:
    """Roles (a key without a role, a deputy withdrawing a pairing: exit 3), verify with the chief's
    fingerprint and a tampered signature (exit 1), refused input (exit 4), CSV and markup shown safely."""
    lines = commands(DOC.read_text(encoding="utf-8"))
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("ARBITER_")},
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        "PYTHONPATH": str(DOC.parent.parent),
    }
    done = subprocess.run(
        ["bash", "-c", checked_script(lines)], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600
    )
    failed = re.search(r"FAILED (\d+) exit (\d+)", done.stderr)
    where = f"{lines[int(failed.group(1))]!r} exited {failed.group(2)}" if failed else ""
    assert done.returncode == 0, f"{where}\n{done.stderr[-3000:]}"
