"""`arbiter import-trf` on any bytes: it imports, or it exits 4 (or 3 for a rule the ledger refuses)
naming the file, and leaves no ledger behind (ARCHITECTURE.md, "Bad input ... nothing appended").
Hypothesis mutates a real file (bbpPairings' dutch_2025_C5) line by line, under a deadline per case."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.tui.cli_support import run
from tui import exit_codes

SEED = (Path(__file__).resolve().parents[1] / "data" / "bbp" / "dutch_2025_C5.input").read_text().splitlines()
_characters = st.characters(codec="utf-8", exclude_categories=("Cs",))


def _mutated(lines: list[str]) -> st.SearchStrategy[str]:
    def change(index: int, column: int, text: str, kind: int) -> str:
        changed = list(lines)
        line = changed[index % len(changed)]
        column %= len(line) + 1
        changed[index % len(changed)] = (
            line[:column] + text + line[column + len(text) :] if kind == 0 else line[:column] + text + line[column:]
        )
        if kind == 2:
            changed.insert(index % len(changed), text)
        return "\n".join(changed) + "\n"

    return st.builds(
        change,
        st.integers(0, 100),
        st.integers(0, 140),
        st.text(_characters, max_size=6)
        | st.sampled_from(["0000 - H", "   3 w  ", "XXZ 2", "240 H   3    9", "XXP 1 1"]),
        st.integers(0, 2),
    )


@settings(
    max_examples=40,
    deadline=15_000,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(_mutated(SEED))
def test_import_either_succeeds_or_names_the_file_and_leaves_nothing(
    tmp_path_factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    folder = tmp_path_factory.mktemp("fuzz")
    source = folder / "in.trf"
    source.write_text(text, encoding="utf-8")
    ledger = folder / "in.ledger"
    code, _, err = run(capsys, "import-trf", str(source), "--ledger", str(ledger))
    if code == exit_codes.OK:
        assert ledger.exists()
        return
    assert code in (exit_codes.BAD_INPUT, exit_codes.REFUSED), err
    assert str(source) in err and "Traceback" not in err
    assert not ledger.exists()
