"""The fold (`TournamentState`) as plain JSON, for the read models' snapshot: data only, nothing on
disk is loaded with pickle or anything else that runs code (ARCHITECTURE.md, "Read models").

`sealed(state, link)` is the JSON with an HMAC-SHA256 keyed by the ledger's chain link at the
state's position; `opened(blob, link)` gives the state back only when the checksum matches that
link, so an edited or foreign snapshot, or one of a ledger that was replaced, is refused and the
read models replay the log instead.
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Any
from uuid import UUID

import orjson
from attrs import asdict

from ledger.fide_mode import Caution
from ledger.settings import TournamentSettings
from pairing.model import Board, Bye, ByeKind
from projections.state import PlayerView, RatingCorrection, RoundView, StageView, TournamentState

FORMAT = 5
"""Bumped when the JSON's shape changes: an older snapshot is then simply not used."""
DIGEST_SIZE = 32


def to_json(state: TournamentState) -> bytes:
    settings = state.settings
    document = {
        "format": FORMAT,
        "position": state.position,
        "name": state.name,
        "settings": None
        if settings is None
        else [settings.game.value, settings.system, settings.rounds, settings.as_event_settings()],
        "players": [asdict(player) for player in state.players.values()],
        "rounds": [_round(view) for view in state.rounds.values()],
        "requested_byes": [
            [r, [[n, kind.value] for n, kind in byes.items()]] for r, byes in state.requested_byes.items()
        ],
        "forbidden": [list(pair) for pair in state.forbidden],
        "round_streams": [[str(stream), number] for stream, number in state.round_streams.items()],
        "stages": [asdict(stage) for stage in state.stages],
        "frozen_ranking": None if state.frozen_ranking is None else list(state.frozen_ranking.items()),
        "cautions": [[position, caution.as_event()] for position, caution in state.cautions],
        "fide_mode_left_after": state.fide_mode_left_after,
        "details": state.details,
        "renumbered": state.renumbered,
        "renumbered_by": state.renumbered_by,
        "exchanges": [list(pair) for pair in state.exchanges],
        "rating_corrections": [asdict(correction) for correction in state.rating_corrections],
        "external_tiebreaks": [[number, value] for number, value in state.external_tiebreaks.items()],
        "tied_rankings": [list(order) for order in state.tied_rankings],
    }
    return orjson.dumps(document)


def _round(view: RoundView) -> dict[str, Any]:
    fields = {name: getattr(view, name) for name in ROUND_VALUES}
    fields["boards"] = [[board.first, board.second] for board in view.boards]
    fields["byes"] = [[bye.player, bye.kind.value, bye.points, bye.spread] for bye in view.byes]
    fields["results"] = [[board, result.code] for board, result in view.results.items()]
    return fields


ROUND_VALUES = (
    "number",
    "revision",
    "paired",
    "engine",
    "engine_version",
    "rules_edition",
    "input_position",
    "input_digest",
    "options",
    "seed",
    "paired_at",
    "explanation",
    "sealed_at",
    "chain_head",
    "version",
    "adjourned",
    "by_hand",
)
"""The fields of a `RoundView` that are plain JSON values."""


def from_json(text: bytes) -> TournamentState:
    """The state `to_json` wrote; KeyError, TypeError or ValueError when the text is not one."""
    document = orjson.loads(text)
    if document["format"] != FORMAT:
        raise ValueError(f"snapshot format {document['format']}, not {FORMAT}")
    game, system, rounds, settings = document["settings"] or (None, None, None, None)
    state = TournamentState(
        position=int(document["position"]),
        name=str(document["name"]),
        settings=None if game is None else TournamentSettings.from_event(game, system, rounds, settings),
        players={p["number"]: PlayerView(**p) for p in document["players"]},
        requested_byes={r: {n: ByeKind(kind) for n, kind in byes} for r, byes in document["requested_byes"]},
        forbidden=[(first, second) for first, second in document["forbidden"]],
        round_streams={UUID(stream): number for stream, number in document["round_streams"]},
        stages=[StageView(**{**stage, "qualifiers": _qualifiers(stage)}) for stage in document["stages"]],
        frozen_ranking=None if document["frozen_ranking"] is None else dict(map(tuple, document["frozen_ranking"])),
        cautions=[(position, Caution.from_event(caution)) for position, caution in document["cautions"]],
        fide_mode_left_after=document["fide_mode_left_after"],
        details=dict(document["details"]),
        renumbered=document["renumbered"],
        renumbered_by=str(document["renumbered_by"]),
        exchanges=[(first, second) for first, second in document["exchanges"]],
        rating_corrections=[RatingCorrection(**correction) for correction in document["rating_corrections"]],
        # Q205, Q207: a snapshot written before these entries existed holds none (so no format change)
        external_tiebreaks={int(number): float(value) for number, value in document.get("external_tiebreaks", [])},
        tied_rankings=tuple(tuple(order) for order in document.get("tied_rankings", [])),
    )
    state.rounds = {view["number"]: _round_view(state, view) for view in document["rounds"]}
    return state


def _qualifiers(stage: dict[str, Any]) -> tuple[int, ...] | None:
    return None if stage["qualifiers"] is None else tuple(stage["qualifiers"])


def _round_view(state: TournamentState, fields: dict[str, Any]) -> RoundView:
    view = RoundView(**{name: fields[name] for name in ROUND_VALUES})
    view.boards = [Board(first, second) for first, second in fields["boards"]]
    view.byes = [Bye(player, ByeKind(kind), points, spread) for player, kind, points, spread in fields["byes"]]
    view.results = {board: state._parsed(code) for board, code in fields["results"]}
    return view


def sealed(state: TournamentState, link: bytes) -> bytes:
    """The snapshot: its checksum (keyed by the chain link at its position), then its JSON."""
    text = to_json(state)
    return hmac.new(link, text, hashlib.sha256).digest() + text


def opened(blob: bytes, link: bytes) -> TournamentState | None:
    """The state in a snapshot whose checksum matches `link`; None for anything else."""
    digest, text = bytes(blob[:DIGEST_SIZE]), bytes(blob[DIGEST_SIZE:])
    if not hmac.compare_digest(digest, hmac.new(link, text, hashlib.sha256).digest()):
        return None
    try:
        return from_json(text)
    except (KeyError, TypeError, ValueError, orjson.JSONDecodeError):
        return None
