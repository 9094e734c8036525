"""Moving a Scrabble event in and out as tsh's `.t` player file: `arbiter import-tsh` builds a new
ledger from one (every registration, pairing and score becomes an event), `arbiter export-tsh`
writes one from the ledger. The file format is `pairing/tsh/tfile.py`'s."""

from __future__ import annotations

import argparse
from pathlib import Path

from attrs import frozen

from ledger.application import Ledger, PlayerDetails
from ledger.errors import InvalidInput
from ledger.redaction import redacted
from ledger.results import Game
from ledger.settings import TournamentSettings
from pairing.model import ByeKind, Entrant, PlayerStatus, Side
from pairing.registry import systems
from pairing.tsh.tfile import TFileError, format_tfile, from_entrants, parse_tfile, to_entrants
from projections.history import entrants
from tui import exit_codes
from tui.cli.common import VerbGroup, new_ledger, opened, positive, say
from tui.cli.output import emit, output_options

verbs = VerbGroup()


@frozen
class ImportedRound:
    number: int
    boards: tuple[tuple[int, int], ...]
    byes: tuple[tuple[int, ByeKind], ...]
    scores: tuple[tuple[int, int] | None, ...]
    """Per board: (first's score, second's score), or None where the file has no scores yet."""


def read_rounds(players: tuple[Entrant, ...]) -> list[ImportedRound]:
    """The rounds of a `.t` file, checked for consistency before anything is appended: each game is
    listed by both players, against each other. The first side is the player `p12` says started,
    else the lower number."""
    by_number = {p.number: p for p in players}
    total = max((len(p.history) for p in players), default=0)
    rounds = []
    for number in range(1, total + 1):
        boards, byes, scores = [], [], []
        for player in players:
            record = player.history[number - 1] if number <= len(player.history) else None
            if record is None:
                continue
            if record.opponent is None:
                if record.bye is not None:
                    byes.append((player.number, record.bye))
                continue
            other = by_number.get(record.opponent)
            theirs = other.history[number - 1] if other and number <= len(other.history) else None
            if theirs is None or theirs.opponent != player.number:
                raise InvalidInput(
                    f"round {number}: player {player.number} ({player.name}) lists {record.opponent} as opponent, "
                    "who does not list them back; fix the .t file"
                )
            if player.number > record.opponent:
                continue
            first_is_me = record.side is not Side.SECOND
            pair = (player.number, record.opponent) if first_is_me else (record.opponent, player.number)
            boards.append(pair)
            known = record.score_for is not None and record.score_against is not None
            mine_first = (
                (record.score_for, record.score_against) if first_is_me else (record.score_against, record.score_for)
            )
            scores.append(mine_first if known else None)  # type: ignore[arg-type]
        rounds.append(ImportedRound(number, tuple(boards), tuple(byes), tuple(scores)))
    return rounds


def import_tfile(ledger: Ledger, players: tuple[Entrant, ...], rounds: list[ImportedRound], source: str) -> None:
    ledger.register_players([PlayerDetails(p.name, rating=p.rating, team=p.team, number=p.number) for p in players])
    reason = f"imported from {source}"
    for imported in rounds:
        ledger.pair_next_round(
            manual=imported.boards, manual_byes=imported.byes, complete=False, reason=reason, force_reason=reason
        )
        for board, scores in enumerate(imported.scores, start=1):
            if scores is not None:
                ledger.record_result(imported.number, board, f"{scores[0]}-{scores[1]}")
    for player in players:
        if player.status is PlayerStatus.WITHDRAWN:
            ledger.withdraw(player.number, None, f"{reason}: marked off")


def _import_tsh_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file")
    p.add_argument("--name", help="the tournament's name (default: the file's name)")
    p.add_argument("--system", choices=systems(), default="swiss", help="pairing system for the rounds to come")
    p.add_argument("--rounds", type=positive, help="total rounds (default: the rounds in the file)")


@verbs.verb(
    "import-tsh",
    "create a Scrabble ledger from a tsh .t player file",
    _import_tsh_arguments,
    "  arbiter import-tsh a.t --ledger open.ledger --system koth --rounds 12",
)
def cmd_import_tsh(args: argparse.Namespace) -> int:
    path = Path(args.file)
    try:
        players = to_entrants(parse_tfile(path.read_text(encoding="utf-8")))
    except (OSError, UnicodeDecodeError) as error:
        raise InvalidInput(f"cannot read {path}: {error}") from error
    except TFileError as error:
        raise InvalidInput(f"{path}: {error}") from error
    rounds = read_rounds(players)
    total = max(args.rounds or 0, len(rounds))
    if total < 1:
        raise InvalidInput("the file has no rounds yet: give --rounds for the tournament's length")
    with new_ledger(args) as ledger:
        settings = TournamentSettings.for_game(Game.SCRABBLE, args.system, total)
        ledger.create_tournament(args.name or path.stem, settings)
        import_tfile(ledger, players, rounds, path.name)
        say(f"imported {len(players)} players and {len(rounds)} rounds from {path} into {redacted(ledger.location)}")
    return exit_codes.OK


@verbs.verb("export-tsh", "write the tournament as a tsh .t player file", output_options, "  arbiter export-tsh -o a.t")
def cmd_export_tsh(args: argparse.Namespace) -> int:
    with opened(args) as (_, views):
        state = views.state()
    rounds = state.last_paired_round
    text = format_tfile(from_entrants(entrants(state, rounds, rounds + 1)))
    emit(args, text, f": {len(state.players)} players, {rounds} rounds")
    return exit_codes.OK
