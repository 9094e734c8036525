"""Anchors (ARCHITECTURE.md, "The event log": "The chain alone cannot show a truncated or wholly
rewritten file: published heads can (`verify --anchor`)"; "A round's seal event carries the chain
head so it can be printed on the results sheet"). The adversary holds the database: they drop the
append-only triggers, delete or rewrite rows and recompute every link and the stored head, so the
chain itself is consistent again. Plain `verify` must still catch a seal whose recorded head the
rewritten chain no longer passes through; `verify --anchor` catches the rest.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import closing
from typing import Any
from uuid import UUID

import pytest
from psycopg import sql

from ledger.persistence import GENESIS, Anchor, chain_link
from tests.ledger.test_hash_chain import StoredRows
from tui import exit_codes
from tui.cli.main import main


def arbiter(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def sealed_twice(location: str, new_tournament: Any, capsys: pytest.CaptureFixture[str]) -> list[tuple[str, int]]:
    """Six players, rounds 1 and 2 played and sealed with `arbiter seal`: (head, position) it printed (the
    head alone on stdout, the position in its message)."""
    new_tournament(location, players=6).close()
    printed = []
    for number in (1, 2):
        assert arbiter(capsys, "pair", "--ledger", location)[0] == exit_codes.OK
        for board in (1, 2, 3):
            assert arbiter(capsys, "result", str(number), str(board), "1-0", "--ledger", location)[0] == 0
        code, out, err = arbiter(capsys, "seal", str(number), "--ledger", location)
        assert code == exit_codes.OK
        position = int(err.split("at log position ")[1].split(":")[0])
        printed.append((out.strip(), position))
    return printed


@pytest.fixture
def adversary(location: str) -> Iterator[StoredRows]:
    with closing(StoredRows(location)) as rows:
        yield rows


def relink(rows: StoredRows) -> None:
    """Recompute every link and the stored head, as someone rewriting the file would."""
    link = GENESIS
    for position in rows.positions():
        row = rows.row(position)
        stream = UUID(str(row["originator_id"]))
        link = chain_link(link, position, stream, row["originator_version"], row["topic"], bytes(row["state"]))
        rows.update(position, chain_link=link)
    rows._run(sql.SQL("UPDATE {} SET position = %s, link = %s").format(rows.head_table), (position, link))


def rewrite_state(rows: StoredRows, position: int, old: bytes, new: bytes) -> None:
    state = bytes(rows.row(position)["state"])
    assert old in state
    rows.update(position, state=state.replace(old, new))


def test_seal_prints_the_head_and_its_position_and_verify_accepts_them(
    sealed_twice: list[tuple[str, int]], location: str, capsys: pytest.CaptureFixture[str]
) -> None:
    anchors = [f"--anchor={head}" for head, _ in sealed_twice] + [f"--anchor={head}@{at}" for head, at in sealed_twice]
    code, out, _ = arbiter(capsys, "verify", *anchors, "--ledger", location)
    assert code == exit_codes.OK, out
    assert "2 seal(s) checked" in out and "4 anchor(s) in the chain" in out


def test_a_truncated_log_fails_the_anchor_it_no_longer_passes_through(
    sealed_twice: list[tuple[str, int]], location: str, adversary: StoredRows, capsys: pytest.CaptureFixture[str]
) -> None:
    """Deleting the newest rows (round 2 and its seal) and fixing the stored head leaves a shorter chain
    that plain `verify` accepts; the head published when round 2 was sealed is no longer in it."""
    (first, _), (second, second_at) = sealed_twice
    for position in [p for p in adversary.positions() if p > second_at - 5]:
        adversary.delete(position)
    relink(adversary)
    assert arbiter(capsys, "verify", "--ledger", location)[0] == exit_codes.OK

    code, out, _ = arbiter(capsys, "verify", "--anchor", second, "--ledger", location)

    assert code == exit_codes.VERIFY_FAILED
    assert f"anchor {second} is not in the chain" in out
    assert arbiter(capsys, "verify", "--anchor", first, "--ledger", location)[0] == exit_codes.OK


def test_a_rewritten_result_before_a_seal_fails_plain_verify(
    sealed_twice: list[tuple[str, int]], location: str, adversary: StoredRows, capsys: pytest.CaptureFixture[str]
) -> None:
    """One result of round 1 changed and every link recomputed: the chain is consistent, but the seals
    record heads the new chain does not pass through, and plain `verify` names the first seal."""
    (_, first_at), _ = sealed_twice
    result = next(p for p in adversary.positions() if b'"board":1' in bytes(adversary.row(p)["state"]))
    rewrite_state(adversary, result, b'"result":"1-0"', b'"result":"0-1"')
    relink(adversary)

    code, out, _ = arbiter(capsys, "verify", "--ledger", location)

    assert code == exit_codes.VERIFY_FAILED
    assert f"FAILED at position {first_at + 1}" in out and "seal" in out


def test_a_wholly_rewritten_log_with_rewritten_seals_fails_the_published_anchor(
    sealed_twice: list[tuple[str, int]], location: str, adversary: StoredRows, capsys: pytest.CaptureFixture[str]
) -> None:
    """The adversary also rewrites the heads inside the seals: plain `verify` passes, the heads
    published from the seals do not."""
    (first, first_at), (second, second_at) = sealed_twice
    result = next(p for p in adversary.positions() if b'"board":1' in bytes(adversary.row(p)["state"]))
    rewrite_state(adversary, result, b'"result":"1-0"', b'"result":"0-1"')
    relink(adversary)
    for old, at in ((first, first_at), (second, second_at)):
        link = adversary.row(at)["chain_link"].hex()
        rewrite_state(adversary, at + 1, old.encode(), link.encode())
        relink(adversary)
    assert arbiter(capsys, "verify", "--ledger", location)[0] == exit_codes.OK

    for head in (first, second):
        code, out, _ = arbiter(capsys, "verify", "--anchor", head, "--ledger", location)
        assert code == exit_codes.VERIFY_FAILED and head in out


def test_the_audit_report_lists_every_sealed_head(
    sealed_twice: list[tuple[str, int]], location: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = arbiter(capsys, "audit-report", "-o", "-", "--ledger", location)
    assert code == exit_codes.OK
    section = out.split("<h2>Sealed chain heads</h2>")[1].split("<h2>")[0]
    for head, position in sealed_twice:
        assert f"<td>{position}</td><td><code>{head}</code>" in section


@pytest.mark.parametrize("text", ["abc", "g" * 64, "a" * 64 + "@x", ""])
def test_an_anchor_that_is_not_a_head_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match=r"chain head|position"):
        Anchor.parse(text)
