"""The import rules of ARCHITECTURE.md ("Layers and folders"): tui -> projections -> ledger -> pairing,
pairing pure, and a CLI that never loads Textual."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_layers_and_pure_engines_per_import_linter_contracts() -> None:
    """The contracts in pyproject.toml ([tool.importlinter]) hold."""
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Contracts: 2 kept, 0 broken." in done.stdout


def test_cli_does_not_import_textual() -> None:
    """ARCHITECTURE.md: "The CLI does not import Textual (`arbiter tui` loads the app lazily)"."""
    code = "import sys, tui.cli.main; print('textual' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
