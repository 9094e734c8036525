"""Conformance: every round k + 1 of every reference tournament (shared/reference/dutch-2025), re-paired
from rounds 1..k, equals the file: pairs, colours and the pairing-allocated bye.

The files up to 40 players run by default; set ``ARBITER_SLOW_TESTS=1`` for all 294 (a few minutes
on two cores; CI's nightly job should run them).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from pairing.fide.dutch import pair
from pairing.matching import available_backends
from pairing.trf import parse
from pairing.trf.convert import outcome_from_round, to_pairing_input
from tests.conftest import DUTCH_REFERENCE as REFERENCE
from tests.conftest import require_shared

pytestmark = pytest.mark.skipif(
    not available_backends(), reason="no matching backend: build pairing/_native or install networkx"
)

SLOW = os.environ.get("ARBITER_SLOW_TESTS") == "1"
DEFAULT_MAX_PLAYERS = 40


def _files() -> list[pytest.param]:
    """One case per reference file; without the corpus, one case that skips, or fails under CI=true."""
    if not REFERENCE.exists():
        return [pytest.param(REFERENCE, id="reference-corpus")]
    params = []
    for path in sorted(REFERENCE.glob("*.trf")):
        players = int(re.search(r"-p(\d+)-", path.name).group(1))
        marks = []
        if players > DEFAULT_MAX_PLAYERS and not SLOW:
            marks.append(pytest.mark.skip(reason="large reference file: set ARBITER_SLOW_TESTS=1"))
        params.append(pytest.param(path, marks=marks, id=path.name))
    return params


def _pairing(outcome: object) -> tuple[list[tuple[int, int]], list[int]]:
    return sorted((b.first, b.second) for b in outcome.boards), [b.player for b in outcome.byes]  # type: ignore[attr-defined]


@pytest.mark.parametrize("path", _files())
def test_every_round_of_the_reference_tournament_is_reproduced(path: Path) -> None:
    require_shared(REFERENCE)
    document = parse(path.read_text(encoding="utf-8"))
    total = int(re.search(r"-r(\d+)-", path.name).group(1))
    differ = []
    for round_number in range(1, document.rounds_played + 1):
        got = pair(to_pairing_input(document, round_number, total_rounds=total))
        if _pairing(got) != _pairing(outcome_from_round(document, round_number)):
            differ.append(round_number)
    assert differ == [], f"rounds that differ: {differ}"


def test_the_reference_set_is_complete() -> None:
    require_shared(REFERENCE)
    assert len(list(REFERENCE.glob("*.trf"))) == 294


def test_a_missing_corpus_skips_here_and_fails_under_ci(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the corpus the conformance cases skip on a developer's machine, but fail under `CI=true`: CI
    must prove conformance, never pass by skipping it."""
    missing = tmp_path / "dutch-2025"
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception):
        require_shared(missing)
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception):
        require_shared(missing)
