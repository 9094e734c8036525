"""The user guide pages name every option the IBF engines read."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
ENGINES = ROOT / "pairing" / "ibf"
DOCS = (ROOT / "docs" / "backgammon-systems.md").read_text() + (ROOT / "docs" / "brackets.md").read_text()
OPTION = re.compile(r"""option(?:_int|_choice|_yes)?\((?:request|self\.request)?,?\s*["']([a-z_]+)["']""")
READ = re.compile(r"""request\.option\(["']([a-z_]+)["']""")


def test_every_option_is_documented() -> None:
    names = set()
    for module in ENGINES.glob("*.py"):
        text = module.read_text()
        names |= set(OPTION.findall(text)) | set(READ.findall(text))
    assert names, "the option pattern found nothing"
    missing = sorted(name for name in names if f"`{name}`" not in DOCS)
    assert not missing, f"options not in docs/backgammon-systems.md or docs/brackets.md: {missing}"
