"""`arbiter stage`: end the current stage of a mixed tournament and start the next (IBF Pairing Rules
1.8: "mixed (combined) systems ... different stages of the competition are conducted using different
systems"); the qualifiers are handed on by the stage's standings, and the transition is an event."""

from __future__ import annotations

import argparse

from ledger.errors import InvalidInput
from pairing.ibf import subgroups
from pairing.registry import systems
from projections.history import pairing_input
from projections.standings import standings
from projections.state import TournamentState
from tui import exit_codes
from tui.cli.common import (
    VerbGroup,
    confirm,
    opened,
    positive,
    reason_options,
    say,
    system_options,
    yes_option,
)

verbs = VerbGroup()


def qualifiers_of(state: TournamentState, args: argparse.Namespace) -> list[int]:
    """Who goes on: `--players` as given, the `--top` K of the standings, or the `--per-group` K of
    each round-robin subgroup (IBF 1.2)."""
    if args.players:
        return [int(n) for n in args.players.split(",") if n.strip()]
    current = state.stage_of(state.last_paired_round + 1)
    if args.per_group:
        if current.system != "subgroups":
            raise InvalidInput(f"--per-group takes the best of each subgroup; this stage is {current.system}")
        return list(subgroups.qualifiers(pairing_input(state, state.last_paired_round + 1), args.per_group))
    in_stage = set(current.qualifiers) if current.qualifiers is not None else set(state.players)
    rows = [row for row in standings(state) if row.number in in_stage and not row.withdrawn]
    if args.top > len(rows):
        raise InvalidInput(f"--top {args.top}: only {len(rows)} players are in this stage")
    return [row.number for row in rows[: args.top]]


def _stage_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("system", choices=systems())
    p.add_argument("--rounds", type=positive, required=True, help="rounds of the new stage")
    p.add_argument("--top", type=positive, help="the best K of the standings qualify")
    p.add_argument("--per-group", type=positive, help="the best K of each round-robin subgroup qualify")
    p.add_argument("--players", help="the qualifiers by number, e.g. 1,4,7,9")
    system_options(p, "system option of the new stage, e.g. cycles=2")
    reason_options(p)
    yes_option(p)


@verbs.verb(
    "stage",
    "start the next stage of a mixed tournament (IBF 1.8) for its qualifiers",
    _stage_arguments,
    '  arbiter stage single-elimination --rounds 3 --top 8 --reason "top 8 after the Swiss" --yes\n'
    '  arbiter stage single-elimination --rounds 2 --per-group 2 --reason "group winners" --yes',
)
def cmd_stage(args: argparse.Namespace) -> int:
    if sum(bool(x) for x in (args.top, args.per_group, args.players)) != 1:
        raise InvalidInput("name the qualifiers one way: --top K, --per-group K or --players 1,4,7")
    with opened(args) as (ledger, views):
        state = views.state()
        chosen = qualifiers_of(state, args)
        names = ", ".join(f"{n} {state.players[n].name}" for n in chosen if n in state.players)
        if not confirm(
            args, f"start stage {len(state.stages) + 1} ({args.system}, {args.rounds} rounds) for: {names}?"
        ):
            return exit_codes.REFUSED
        stage = ledger.start_stage(args.system, args.rounds, chosen, args.reason, dict(args.option))
        say(f"stage {stage} ({args.system}) starts with round {state.last_paired_round + 1}: `arbiter pair` pairs it")
        return exit_codes.OK
