"""The tournament and its players: `new`, `register`, `import-roster`, `correct-player`, `withdraw`,
`exclude`, `reenter`, `bye`, `rounds`, `renumber`, `forbid`."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from ledger.errors import InvalidInput
from ledger.ranking import RankingRule
from ledger.redaction import redacted
from tui import exit_codes
from tui.cli.common import (
    VerbGroup,
    key_value,
    naming,
    new_ledger,
    opened,
    points_table,
    positive,
    reason_options,
    say,
    system_options,
)
from tui.cli.details import add_details_options, details_from_args
from tui.player_fields import BY_DETAIL, PLAYER_FIELDS, PlayerField

if TYPE_CHECKING:
    from ledger.results import Game
    from pairing.model import Scoring

verbs = VerbGroup()


def _scoring(args: argparse.Namespace, game: Game, system: str) -> Scoring | None:
    from ledger.settings import TournamentSettings
    from pairing.model import Scoring

    if args.points is None:
        return None
    base = TournamentSettings.for_game(game, system, 1).scoring
    win, draw, loss = args.points
    return Scoring(
        win=win,
        draw=draw,
        loss=loss,
        pairing_allocated_bye=win if base.pairing_allocated_bye else 0.0,
        full_point_bye=win,
        half_point_bye=draw,
        zero_point_bye=0.0,
        forfeit_win=win,
        forfeit_loss=loss,
    )


def _new_arguments(p: argparse.ArgumentParser) -> None:
    from ledger.results import Game, MatchFormat
    from ledger.settings import KOYA_LIMIT_CODES
    from pairing.registry import systems
    from projections.tiebreaks import TIEBREAKS

    p.add_argument("name", help="the tournament's name")
    p.add_argument(
        "--game",
        choices=[g.value for g in Game],
        help="the game; may be left out where the system is one game's (dutch: chess, ibf-swiss: backgammon, "
        "koth: scrabble), not for a round robin",
    )
    p.add_argument("--system", required=True, choices=systems(), help="pairing system")
    p.add_argument(
        "--rounds",
        type=positive,
        help="number of rounds (a bracket (single-elimination, double-elimination, re-entry) computes it from "
        "the entries at its first pairing when omitted)",
    )
    p.add_argument("--points", type=points_table, help="points for win/draw/loss, e.g. 3/1/0 (default 1/0.5/0)")
    p.add_argument(
        "--tiebreaks",
        help=f"ordered tie-break codes, comma-separated, e.g. BH-C1,BH,SB; known: {', '.join(TIEBREAKS)}, "
        f"{KOYA_LIMIT_CODES}",
    )
    p.add_argument(
        "--match-length",
        type=positive,
        default=3,
        help="backgammon: match to N (default 3, rules guide 5.13)",
    )
    p.add_argument(
        "--match-format",
        choices=[f.value for f in MatchFormat],
        default=MatchFormat.GAME_WINS.value,
        help="backgammon: game-wins (a gammon counts 2) or points (doubling cube)",
    )
    p.add_argument("--seed", type=int, help="random seed for systems that draw lots (default: chosen and recorded)")
    p.add_argument(
        "--fide-mode",
        action=argparse.BooleanOptionalAction,
        help="FIDE mode (docs/fide-mode.md): on by default for dutch, dubov and burstein; a chess round-robin "
        "may opt in; --no-fide-mode creates the tournament outside it",
    )
    system_options(p, "system option, e.g. cycles=2 for a double round robin")
    _rating_arguments(p)
    add_details_options(p)


RATING_FLAGS = (
    ("--rating-method", "rating_method", "the tournament rating: {values} (default entered: the --rating given)"),
    ("--equal-rating-order", "equal_rating_order", "C.04.2 2.2, players equal in rating and title: {values}"),
    ("--unrated-rating", "unrated_rating", "ARO/TPR/AOR count an unrated opponent as rated R (default: left out)"),
    ("--long-event", "long_event", "the event lasts more than 30 days: {values}"),
    ("--rating-tiebreaks", "rating_tiebreaks", "a long event's ARO/TPR/AOR read the {values} rating"),
    ("--rating-type", "rating_type", "the rating lists the tournament is rated by: {values} (default standard)"),
    (
        "--rating-lists",
        "rating_lists",
        "the rating-list sequence, main list first, e.g. fide-standard,national (default: the rating type's); "
        "FIDE's lists, or custom lists imported into the store --store names",
    ),
)
"""`arbiter new`'s rating settings (`ledger.ratings`): each is recorded as the option of its name."""


def _rating_arguments(p: argparse.ArgumentParser) -> None:
    from ledger.ratings import RATING_OPTIONS
    from tui.cli.rating_lists import store_option

    group = p.add_argument_group("ratings (C.04.2 Art. 2.1-2.2, C.07 Art. 10; ledger.ratings)")
    for flag, name, text in RATING_FLAGS:
        values = RATING_OPTIONS.get(name)
        group.add_argument(
            flag,
            dest=f"rating_{name}",
            choices=values,
            metavar=None if values is not None else "LISTS" if name == "rating_lists" else "R",
            help=text.format(values="|".join(values or ())),
        )
    store_option(p)


def rating_options(args: argparse.Namespace) -> dict[str, str]:
    """The rating settings given to `arbiter new`, as the options they are recorded as."""
    given = {name: getattr(args, f"rating_{name}") for _, name, _ in RATING_FLAGS}
    return {name: value for name, value in given.items() if value is not None}


def _new_examples() -> str:
    import textwrap

    from pairing.ibf.storm import READING as STORM_READING
    from pairing.registry import GAMES, systems_for

    by_game = "\n".join(
        textwrap.fill(f"{game}: {', '.join(systems_for(game))}", 100, subsequent_indent="  ", break_on_hyphens=False)
        for game in GAMES
    )
    return (
        '  arbiter new "Club Championship" --game chess --system round-robin --rounds 9\n'
        '  arbiter new "Spring Open" --game backgammon --system round-robin --rounds 5 --match-length 5\n'
        '  arbiter new "Open" --game chess --system dutch --rounds 9 --option initial_colour=white\n'
        '  arbiter new "Open" --game chess --system dutch --rounds 9 --rating-method fidon --equal-rating-order lots\n'
        '  arbiter new "League" --game chess --system dutch --rounds 7 --long-event yes --rating-tiebreaks per-round\n'
        '  arbiter new "Tromsø Open" --game chess --system dutch --rounds 9 --city Tromsø --federation NOR \\\n'
        '      --start 2026/05/01 --end 2026/05/09 --chief-arbiter "IA Jane Doe" --deputy "FA Ola Nordmann"\n\n'
        + "systems by game (docs/ has a page per game):\n"
        + by_game
        + "\n\n"
        + textwrap.fill(STORM_READING, 100)
    )


def _game_of(system: str) -> str:
    """The game of a system that is one game's (`pairing.registry.games_of`); for another, InvalidInput
    asking for --game."""
    from pairing.registry import games_of

    games = games_of(system)
    if len(games) != 1:
        raise InvalidInput(f"{system} serves more than one game: say which with --game {{{','.join(games)}}}")
    return games[0]


@verbs.verb("new", "create a tournament in a new ledger", _new_arguments, _new_examples)
def cmd_new(args: argparse.Namespace) -> int:
    from ledger.ratings import long_event_hint, long_event_warning
    from ledger.results import Game, MatchFormat
    from ledger.settings import ROUNDS_FROM_ENTRIES, TournamentSettings
    from pairing.registry import bracket_systems
    from tui.cli.rating_lists import known_list_names

    game = Game(args.game or _game_of(args.system))
    if args.rounds is None and args.system not in bracket_systems():
        raise InvalidInput(f"{args.system} needs --rounds N; only a bracket computes its rounds from the entries")
    rounds = ROUNDS_FROM_ENTRIES if args.rounds is None else args.rounds
    settings = TournamentSettings.for_game(
        game,
        args.system,
        rounds,
        scoring=_scoring(args, game, args.system),
        tiebreaks=tuple(args.tiebreaks.split(",")) if args.tiebreaks else (),
        match_length=args.match_length,
        match_format=MatchFormat(args.match_format),
        options=dict(args.option) | rating_options(args),
        fide_mode=args.fide_mode,
        **({"seed": args.seed} if args.seed is not None else {}),
    )
    known = known_list_names(args, settings.options.get("rating_lists"))
    with new_ledger(args) as ledger:
        ledger.create_tournament(args.name, settings, details_from_args(args), known_lists=known)
        say(
            f"created {args.name!r} ({game}, {args.system}, "
            f"{f'{args.rounds} rounds' if args.rounds else 'rounds from the entries at the first pairing'}, "
            f"tie-breaks {', '.join(settings.tiebreaks)}"
            f"{', in FIDE mode' if settings.fide_mode else ''}) in {redacted(ledger.location)}"
        )
    for warning in (
        long_event_warning(settings.options, settings.tiebreaks),
        long_event_hint(settings.options, details_from_args(args)),
    ):
        if warning:
            say(warning)
    return exit_codes.OK


def _player_number(field: PlayerField) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            return field.number_from(text)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    return parse


def _register_arguments(p: argparse.ArgumentParser) -> None:
    for field in PLAYER_FIELDS:
        if not field.option:
            p.add_argument(field.detail)
            continue
        p.add_argument(
            field.option,
            dest=field.detail,
            type=_player_number(field) if field.whole_number else str,
            default=field.default,
            metavar=field.option.lstrip("-").upper(),
            help=field.help or None,
        )
    p.add_argument(
        "--allow-duplicate",
        action="store_true",
        help="register although a player with the same name, rating and federation (or id) is registered: "
        "a different person (recorded)",
    )


@verbs.verb(
    "register",
    "register a player (numbers follow registration order)",
    _register_arguments,
    '  arbiter register "Judit Polgar" --rating 2735 --federation HUN --title GM\n'
    '  arbiter register "John Smith" --rating 1850 --federation ENG --allow-duplicate   # a namesake',
)
def cmd_register(args: argparse.Namespace) -> int:
    from ledger.application import PlayerDetails

    details = PlayerDetails(
        **{field.detail: getattr(args, field.detail) for field in PLAYER_FIELDS}, allow_duplicate=args.allow_duplicate
    )
    with opened(args) as (ledger, _):
        (number,) = ledger.register_players([details])
    print(number)
    say(f"registered {args.name} as number {number}")
    return exit_codes.OK


def _file_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument("file")


@verbs.verb(
    "import-roster",
    "register every player of a CSV file (all or none)",
    _file_argument,
    "  arbiter import-roster players.csv   # headings: name,rating,federation,club,team,title,id,number",
)
def cmd_import_roster(args: argparse.Namespace) -> int:
    from tui.cli.roster import read_roster

    players = read_roster(Path(args.file))
    with opened(args) as (ledger, _), naming(Path(args.file)):
        numbers = ledger.register_players(players)
    say(f"registered {len(numbers)} players, numbers {numbers[0]}..{numbers[-1]}")
    return exit_codes.OK


def _correct_player_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("player", type=positive)
    p.add_argument("--set", type=key_value, action="append", required=True, metavar="DETAIL=VALUE")
    reason_options(p)


@verbs.verb(
    "correct-player",
    "correct a player's details (with a reason)",
    _correct_player_arguments,
    '  arbiter correct-player 4 --set rating=2105 --reason "rating list of November"',
)
def cmd_correct_player(args: argparse.Namespace) -> int:
    changes: dict[str, object] = dict(args.set)
    for detail, text in args.set:
        field = BY_DETAIL.get(detail)
        if field is not None and field.whole_number:
            try:
                changes[detail] = field.number_from(text)
            except ValueError as error:
                raise InvalidInput(str(error)) from None
    with opened(args) as (ledger, _):
        ledger.correct_player(args.player, changes, args.reason, args.reference)
    say(f"corrected player {args.player}: {', '.join(f'{k}={v}' for k, v in changes.items())}")
    return exit_codes.OK


def _player_from_round_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("player", type=positive)
    p.add_argument("--from-round", type=positive, help="first round concerned (default: the next round)")
    reason_options(p)


@verbs.verb(
    "withdraw",
    "withdraw a player from a round onwards",
    _player_from_round_arguments,
    '  arbiter withdraw 7 --reason "illness"',
)
def cmd_withdraw(args: argparse.Namespace) -> int:
    with opened(args) as (ledger, _):
        ledger.withdraw(args.player, args.from_round, args.reason, args.reference)
    say(f"player {args.player} withdrawn")
    return exit_codes.OK


@verbs.verb(
    "expel",
    "expel a player: withdrawn from a round on, flagged as expelled, left out of a Swiss's standings",
    _player_from_round_arguments,
    '  arbiter expel 7 --reason "fair-play violation, appeals committee decision 2" --reference "Appeal 2"',
)
def cmd_expel(args: argparse.Namespace) -> int:
    """An expulsion is a withdrawal the log flags as one: the player is not paired again and a Swiss's
    standings leave the player out, while the games played still count for the opponents' tie-breaks."""
    with opened(args) as (ledger, _):
        ledger.withdraw(args.player, args.from_round, args.reason, args.reference, expelled=True)
    say(f"player {args.player} expelled; the decision and its reason are in the log")
    return exit_codes.OK


@verbs.verb(
    "exclude",
    "exclude a player from later pairings after an unexcused no-show (IBF 4.3)",
    _player_from_round_arguments,
    '  arbiter exclude 7 --reason "illness"',
)
def cmd_exclude(args: argparse.Namespace) -> int:
    """IBF 4.3: "A player who fails to appear for a round without a valid reason ... shall, by decision of
    the Chief Arbiter, be excluded from the pairing in subsequent rounds": recorded as a withdrawal whose
    reason and reference say so."""
    with opened(args) as (ledger, _):
        ledger.withdraw(
            args.player, args.from_round, f"excluded by the chief arbiter: {args.reason}", args.reference or "IBF 4.3"
        )
    say(f"player {args.player} excluded (IBF 4.3); the decision and its reason are in the log")
    return exit_codes.OK


@verbs.verb(
    "reenter",
    "let a withdrawn player back in from a round onwards",
    _player_from_round_arguments,
    '  arbiter reenter 7 --reason "illness"',
)
def cmd_reenter(args: argparse.Namespace) -> int:
    with opened(args) as (ledger, _):
        ledger.reenter(args.player, args.from_round, args.reason, args.reference)
    say(f"player {args.player} re-entered")
    return exit_codes.OK


def _bye_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("player", type=positive)
    p.add_argument("--round", type=positive, help="the round (default: the next round to pair)")
    p.add_argument("--kind", choices=["half", "zero", "full"], default="half", help="default half")
    p.add_argument("--cancel", action="store_true", help="withdraw the player's request for a round not yet paired")
    reason_options(p, required=False)


@verbs.verb(
    "bye",
    "record a bye: a request for a coming round, or a bye in a round already paired for a player on no "
    "board (a late entry, a request forgotten)",
    _bye_arguments,
    "  arbiter bye 12 --round 4 --kind half                 # a request: round 4 will not pair 12\n"
    '  arbiter bye 31 --round 1 --kind half --reason "late entry, regulations 4.2"   # round 1 is paired\n'
    '  arbiter bye 12 --round 4 --cancel --reason "can play after all"\n\n'
    "A bye for a paired round needs a reason. To give a bye to a player who is on a board, withdraw the\n"
    "pairing first (arbiter unpair R), record the bye, and pair again.",
)
def cmd_bye(args: argparse.Namespace) -> int:
    from pairing.model import ByeKind

    with opened(args) as (ledger, _):
        if args.cancel:
            round_number = ledger.cancel_bye(args.player, args.round, args.reason)
            say(f"player {args.player}: bye request for round {round_number} cancelled")
            return exit_codes.OK
        round_number = ledger.request_bye(
            args.player, args.round, ByeKind(f"{args.kind}-point"), args.reason, args.reference
        )
    say(f"player {args.player}: {args.kind}-point bye recorded for round {round_number}")
    return exit_codes.OK


def _rounds_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("rounds", type=positive, help="the tournament's rounds in all")
    reason_options(p)


@verbs.verb(
    "rounds",
    "change the number of rounds (with a reason)",
    _rounds_arguments,
    '  arbiter rounds 9 --reason "a bracket of 16 for double elimination"\n\n'
    "Once round 1 is paired, a FIDE-mode tournament records the change as a Configuration breach (a level 3\n"
    "warning: --yes; docs/fide-mode.md, Q112-115).",
)
def cmd_rounds(args: argparse.Namespace) -> int:
    with opened(args) as (ledger, _):
        ledger.change_rounds(args.rounds, args.reason, args.reference)
    say(f"the tournament now has {args.rounds} rounds")
    return exit_codes.OK


def _renumber_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--rule",
        choices=[rule.value for rule in RankingRule],
        default=RankingRule.FIDE.value,
        help="; ".join(f"{rule.value}: {rule.description}" for rule in RankingRule),
    )
    p.add_argument(
        "--exchange",
        nargs=2,
        type=positive,
        metavar=("A", "B"),
        help="exchange the pairing numbers of players A and B instead",
    )
    reason_options(p)


@verbs.verb(
    "renumber",
    "give the players their pairing numbers by a rule, or exchange two players' numbers",
    _renumber_arguments,
    '  arbiter renumber --rule fide --reason "pairing numbers by rating as announced"\n'
    '  arbiter renumber --rule lots --reason "drawing of lots at the opening ceremony"\n'
    '  arbiter renumber --exchange 4 5 --reason "ratings of 4 and 5 were entered the wrong way round" --yes\n\n'
    "arbiter roster shows the order and the rule that made it. The FIDE Swiss systems number the players\n"
    "by rating, title and name (C.04.2 2.2) by themselves until round 4 is paired; --rule fide regenerates\n"
    "that order, undoing exchanges. Once round 1 is paired an exchange is a level 3 warning and a new\n"
    "numbering a level 4 warning, both recorded and written to the TRF as ### lines; after round 4 is\n"
    "paired pairing numbers no longer change (C.04.2 2.3; docs/fide-mode.md, Q147-154).",
)
def cmd_renumber(args: argparse.Namespace) -> int:
    with opened(args) as (ledger, _):
        if args.exchange:
            first, second = args.exchange
            ledger.exchange_numbers(first, second, args.reason, args.reference)
            say(f"pairing numbers of players {first} and {second} exchanged: see `arbiter roster`")
            return exit_codes.OK
        order = ledger.renumber(RankingRule(args.rule), args.reason)
    say(f"{len(order)} players renumbered by {RankingRule(args.rule).description}: see `arbiter roster`")
    return exit_codes.OK


def _forbid_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("first", type=positive)
    p.add_argument("second", type=positive)
    p.add_argument("--reason", required=True)


@verbs.verb(
    "forbid",
    "keep two players from being paired together",
    _forbid_arguments,
    '  arbiter forbid 3 8 --reason "same family"',
)
def cmd_forbid(args: argparse.Namespace) -> int:
    with opened(args) as (ledger, _):
        ledger.forbid(args.first, args.second, args.reason)
    say(f"players {args.first} and {args.second} will not be paired together")
    return exit_codes.OK


def _leave_fide_mode_arguments(p: argparse.ArgumentParser) -> None:
    reason_options(p)


@verbs.verb(
    "leave-fide-mode",
    "leave FIDE mode for good (a level 4 warning: confirm twice, or --yes)",
    _leave_fide_mode_arguments,
    '  arbiter leave-fide-mode --reason "the organiser changed the byes rule after round 3" --yes\n\n'
    "FIDE mode (docs/fide-mode.md) cannot be entered again once left; the round it was left after is\n"
    "recorded and written to the TRF as a ### line, and every view shows the tournament as not in FIDE mode.",
)
def cmd_leave_fide_mode(args: argparse.Namespace) -> int:
    with opened(args) as (ledger, _):
        ledger.leave_fide_mode(args.reason, args.reference)
    say("the tournament is no longer in FIDE mode")
    return exit_codes.OK
