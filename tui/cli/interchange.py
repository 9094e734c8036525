"""Moving a Scrabble event in and out as tsh's `.t` player file: `arbiter import-tsh` builds a new
ledger from one (every registration, pairing and score becomes an event), `arbiter export-tsh`
writes one from the ledger. The file format is `pairing/tsh/tfile.py`'s."""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from ledger.errors import InvalidInput
from ledger.redaction import redacted
from tui import exit_codes
from tui.cli.common import VerbGroup, naming, new_ledger, opened, positive, say
from tui.cli.output import emit, output_options

if TYPE_CHECKING:
    from ledger.application import Ledger
    from pairing.model import ByeKind, Entrant
    from pairing.tsh.tfile import TFile

verbs = VerbGroup()


class ImportedRound(NamedTuple):
    number: int
    boards: tuple[tuple[int, int], ...]
    byes: tuple[tuple[int, ByeKind] | tuple[int, ByeKind, int], ...]
    """(player, bye) or (player, bye, spread) where the file gives the bye a spread."""
    scores: tuple[tuple[int, int] | None, ...]
    """Per board: (first's score, second's score), or None where the file has no scores yet."""


def read_rounds(players: tuple[Entrant, ...], lines: Mapping[int, int] | None = None) -> list[ImportedRound]:
    """The rounds of a `.t` file, checked for consistency before anything is appended: each game is
    listed by both players, against each other. The first side is the player `p12` says started,
    else the lower number."""
    from pairing.model import Side

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
                    spread = record.score_for
                    byes.append((player.number, record.bye) if spread is None else (player.number, record.bye, spread))
                continue
            other = by_number.get(record.opponent)
            theirs = other.history[number - 1] if other and number <= len(other.history) else None
            if theirs is None or theirs.opponent != player.number:
                where = f"line {(lines or {}).get(player.number, player.number)}, opponent {number}"
                raise InvalidInput(
                    f"{where}: player {player.number} ({player.name}) lists {record.opponent} as opponent in round "
                    f"{number}, who does not list them back; fix the .t file"
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


def import_tfile(
    ledger: Ledger, tfile: TFile, players: tuple[Entrant, ...], rounds: list[ImportedRound], source: str
) -> None:
    from ledger.application import PlayerDetails
    from pairing.model import PlayerStatus
    from pairing.tsh.tfile import kept_fields

    ledger.register_players(
        [
            PlayerDetails(p.name, rating=p.rating, team=p.team, number=p.number, extra=kept_fields(line))
            for p, line in zip(players, tfile.players, strict=True)
        ]
    )
    reason = f"imported from {source}"
    for imported in rounds:
        ledger.pair_next_round(
            manual=imported.boards, manual_byes=imported.byes, complete=False, reason=reason, force_reason=reason
        )
        boards = enumerate(imported.scores, start=1)
        ledger.record_results(imported.number, [(board, f"{s[0]}-{s[1]}") for board, s in boards if s is not None])
    total = ledger.settings().rounds
    for player in players:
        if player.status is PlayerStatus.WITHDRAWN:
            ledger.withdraw(player.number, min(_rounds_with_scores(player) + 1, total), f"{reason}: marked off")


def _rounds_with_scores(player: Entrant) -> int:
    """The rounds a player took part in before going `off` (tsh: a withdrawn player's line stops, so
    it has fewer scores than the others)."""
    return sum(1 for record in player.history if record.score_for is not None or record.bye is not None)


def _import_tsh_arguments(p: argparse.ArgumentParser) -> None:
    from pairing.registry import systems

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
    from ledger.results import Game
    from ledger.settings import TournamentSettings
    from pairing.tsh.tfile import TFileError, parse_tfile, to_entrants

    path = Path(args.file)
    try:
        tfile = parse_tfile(path.read_text(encoding="utf-8"))
        players = to_entrants(tfile)
    except OSError as error:
        raise InvalidInput(f"cannot read {path}: {error.strerror or error}") from error
    except UnicodeDecodeError as error:
        raise InvalidInput(f"{path}: byte {error.start} is not UTF-8; save the file as UTF-8") from None
    except TFileError as error:
        raise InvalidInput(f"{path}: {error}") from error
    if not players:
        raise InvalidInput(f"{path}: no player lines; nothing to import")
    try:
        rounds = read_rounds(players, {p.number: tfile.line_of(p.number) for p in players})
    except InvalidInput as error:
        raise InvalidInput(f"{path}: {error}") from error
    total = max(args.rounds or 0, len(rounds))
    if total < 1:
        raise InvalidInput(f"{path}: the file has no rounds yet: give --rounds for the tournament's length")
    with new_ledger(args) as ledger, naming(path):
        settings = TournamentSettings.for_game(Game.SCRABBLE, args.system, total)
        ledger.create_tournament(args.name or path.stem, settings)
        import_tfile(ledger, tfile, players, rounds, path.name)
    say(f"imported {len(players)} players and {len(rounds)} rounds from {path} into {redacted(ledger.location)}")
    return exit_codes.OK


@verbs.verb("export-tsh", "write the tournament as a tsh .t player file", output_options, "  arbiter export-tsh -o a.t")
def cmd_export_tsh(args: argparse.Namespace) -> int:
    from ledger.results import Game
    from pairing.tsh.tfile import format_tfile, from_entrants
    from projections.history import entrants

    with opened(args) as (_, views):
        state = views.state()
    game = state.require_settings().game
    if game is not Game.SCRABBLE:
        raise InvalidInput(
            f"a tsh .t file holds a Scrabble tournament's scores; this tournament is {game.value}, whose results "
            "it cannot hold: write it with `arbiter export-trf` (chess) or see `arbiter standings --format csv`"
        )
    rounds = state.last_paired_round
    kept = {number: player.extra for number, player in state.players.items() if player.extra}
    text = format_tfile(from_entrants(entrants(state, rounds, rounds + 1), kept=kept))
    emit(args, text, f": {len(state.players)} players, {rounds} rounds")
    return exit_codes.OK
