"""Property: a generated tournament (the random tournament generator of C.04.A A.5, with forfeits,
retirements and half-point byes) written as TRF, imported and exported again, gives the same player
lines (TRF16 cols 1-84 and every round from col 92) and the points column it was written with."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from pairing.cli import dutch_pair
from pairing.generator import GeneratorConfig, UnpairedRound, generate
from pairing.trf import format, parse
from tests.tui.cli_support import run, without_import_notice
from tui import exit_codes

_configs = st.builds(
    GeneratorConfig,
    players=st.integers(min_value=8, max_value=13),
    rounds=st.integers(min_value=2, max_value=4),
    draw_rate=st.sampled_from([0.0, 0.3]),
    forfeit_rate=st.sampled_from([0.0, 0.1]),
    retired_rate=st.sampled_from([0.0, 0.1]),
    half_point_bye_rate=st.sampled_from([0.0, 0.1]),
)


@settings(
    max_examples=15,
    deadline=60_000,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(_configs, st.integers(min_value=0, max_value=10_000))
def test_generated_tournament_survives_import_and_export(
    tmp_path_factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str], config: GeneratorConfig, seed: int
) -> None:
    folder = tmp_path_factory.mktemp("gen")
    source = folder / "gen.trf"
    try:
        made = generate(config, seed, dutch_pair)
    except UnpairedRound:  # a round no pairing can make (retirements leave only rematches): no tournament
        assume(False)
    source.write_text(format(made), encoding="utf-8")
    ledger = str(folder / "gen.ledger")
    code, _, err = run(capsys, "import-trf", str(source), "--ledger", ledger)
    assert code == exit_codes.OK, err
    assert "warning" not in without_import_notice(err, source.name), err
    out = folder / "out.trf"
    assert run(capsys, "export-trf", "-o", str(out), "--ledger", ledger)[0] == exit_codes.OK
    assert _player_lines(out) == _player_lines(source)


def _player_lines(path: Path) -> dict[int, tuple[str, tuple[tuple[int, str, str], ...]]]:
    """Start rank -> (cols 1-84, rounds), the rank column (86-89, tie-breaks' business) aside."""
    return {
        p.start_rank: (format(parse(_line(path, p.start_rank))).splitlines()[0][:84], _rounds(p.rounds))
        for p in parse(path.read_text(encoding="utf-8")).players
    }


def _line(path: Path, rank: int) -> str:
    return next(line for line in path.read_text().splitlines() if line.startswith(f"001 {rank:4d}"))


def _rounds(entries: tuple) -> tuple[tuple[int, str, str], ...]:  # type: ignore[type-arg]
    return tuple((e.opponent, e.colour.value, e.result.value) for e in entries)


def test_a_generated_round_that_cannot_be_paired_is_refused_not_written() -> None:
    """C.04.3 1.9: eight players, four of them soon retired, cannot all meet new opponents in round 4; the
    generator says so (`UnpairedRound`, the round named) rather than write a tournament no program pairs."""
    config = GeneratorConfig(players=8, rounds=4, draw_rate=0.0, forfeit_rate=0.0, retired_rate=0.1)
    with pytest.raises(UnpairedRound) as refused:
        generate(config, 176, dutch_pair)
    assert refused.value.round == 4
