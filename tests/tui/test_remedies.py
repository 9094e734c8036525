"""Remedies (docs/design.md, "Refusals and remedies"): the ledger says what to do about a refusal as data,
each front end says how. The CLI prints each remedy as a command line that works when typed with its
placeholders filled; the desk names its screen, by title and key, and a key that screen binds."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from ledger.errors import PURPOSES, LedgerError, Remedy, RemedyAction
from tests.tui.cli_support import run, verb_parsers
from tui import exit_codes
from tui.cli.remedies import COMMAND_LINES, command_line
from tui.desk.app import DeskApp
from tui.desk.remedies import DESK_WAYS, desk_refusal, desk_way

QUOTED = re.compile(r"`([^`]*)`")
"""A command line or option as the CLI's messages quote it."""

FILLED = {"RESULT": "0-1", "NAME": "Ann", '"..."': '"the scoresheets say so"'}
"""What the arbiter types for a command line's placeholders, in the tests that run the printed commands."""


def test_every_action_has_a_purpose_a_command_line_and_a_desk_way_or_the_command_line() -> None:
    """One vocabulary: every action says what it does, the CLI renders each, and the desk renders each
    (as its own way, or as the command line for what it does not offer)."""
    assert set(PURPOSES) == set(RemedyAction)
    assert set(COMMAND_LINES) == set(RemedyAction)
    for action in RemedyAction:
        shown = desk_way(Remedy(action, round=2, board=3, player=4), DeskApp.PLACES)
        if action not in DESK_WAYS:
            assert shown == f"at the command line, {command_line(Remedy(action, round=2, board=3, player=4))}"


@pytest.mark.parametrize("action", list(RemedyAction), ids=str)
def test_each_command_line_names_a_verb_and_options_the_cli_has(action: RemedyAction) -> None:
    """A remedy's command line is one the `arbiter` parser takes: its verb exists and every option it
    gives is one that verb (or, for "the same command with ...", some verb) takes."""
    parsers = verb_parsers()
    quoted = QUOTED.findall(command_line(Remedy(action, round=2, board=3, player=4)))
    assert quoted, "a command line is quoted as the CLI's messages quote commands"
    for text in quoted:
        words = shlex.split(text)
        options = [word.split("=")[0] for word in words if word.startswith("--")]
        if words[0] == "arbiter":
            verb, *rest = words[1:]
            assert verb in parsers, text
            taken = parsers[verb]._option_string_actions
            assert all(option in taken for option in options), text
            if verb == "key":  # `key new`, `key show`: the verb's positional choice
                assert rest[0] in {"new", "show"}
        else:
            assert all(any(option in p._option_string_actions for p in parsers.values()) for option in options), text


def test_a_command_line_fills_in_what_the_ledger_named_and_leaves_the_rest_to_type() -> None:
    """The round and board the refusal named are in the command; a board it did not name is the word to type."""
    assert command_line(Remedy(RemedyAction.CORRECT_RESULT, round=4, board=7)).startswith("`arbiter correct 4 7 ")
    assert command_line(Remedy(RemedyAction.ENTER_RESULT, round=4)) == "`arbiter result 4 BOARD RESULT`"
    assert command_line(Remedy(RemedyAction.ROLL_BACK, round=0)).startswith("`arbiter rollback --to-round 0 ")


@pytest.mark.parametrize("action", sorted(DESK_WAYS), ids=str)
def test_each_desk_way_names_a_screen_by_title_and_key_and_a_key_it_binds(action: RemedyAction) -> None:
    """docs/desk.md, "Screens and keys": the screen a remedy sends the arbiter to is one of the desk's, named
    as its screen bar names it, and the key it says to press is bound on that screen."""
    way = DESK_WAYS[action]
    shown = desk_way(Remedy(action, round=2, board=3, player=4), DeskApp.PLACES)
    assert "arbiter " not in shown and "{" not in shown
    if way.screen is None:
        assert not way.key
        return
    (place,) = [place for place in DeskApp.PLACES if place.mode == way.screen]
    assert f"the {place.title} screen ({place.key})" in shown
    if way.key:
        (screen,) = [screen for screen in DeskApp.DESK_SCREENS if place == screen.PLACE]
        bound = {binding.key for binding in screen.BINDINGS if not isinstance(binding, tuple)}
        assert way.key in bound, f"{screen.__name__} binds no {way.key!r}"
        assert f"press {way.key}" in shown


def test_the_desk_names_its_own_way_and_the_command_line_for_what_it_does_not_offer() -> None:
    """A refusal with two remedies, one the desk offers and one only the CLI does, as the desk shows it."""
    refusal = LedgerError(
        "round 3 is sealed", Remedy(RemedyAction.SEE_PAIRINGS, round=3), Remedy(RemedyAction.CORRECT_ON_APPEAL, round=3)
    )
    shown = desk_refusal(refusal, DeskApp.PLACES)
    see, appeal = shown.removeprefix("round 3 is sealed; ").split("; or ")
    assert see.startswith(PURPOSES[RemedyAction.SEE_PAIRINGS]) and "round 3" in see and "arbiter" not in see
    assert appeal.endswith('at the command line, `arbiter correct 3 BOARD RESULT --reason "..." --appeal N`')


# --- the CLI's rendering, run as the arbiter would run it ------------------------------------------------


@pytest.fixture
def club(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """A 4-player chess round robin, round 1 paired, board 1 played."""
    ledger = str(tmp_path / "club.ledger")
    new = ("new", "Club", "--game", "chess", "--system", "round-robin", "--rounds", "3", "--ledger", ledger)
    assert run(capsys, *new)[0] == 0
    for name, rating in (("Ann", 2100), ("Ben", 2000), ("Cid", 1900), ("Dan", 1800)):
        assert run(capsys, "register", name, "--rating", str(rating), "--ledger", ledger)[0] == 0
    assert run(capsys, "pair", "--ledger", ledger)[0] == 0
    assert run(capsys, "result", "1", "1", "1-0", "--ledger", ledger)[0] == 0
    return ledger


def printed_commands(err: str) -> list[list[str]]:
    """The `arbiter ...` command lines a refusal printed, with the placeholders typed in (`FILLED`)."""
    lines = [text for text in QUOTED.findall(err) if text.startswith("arbiter ")]
    for placeholder, typed in FILLED.items():
        lines = [line.replace(placeholder, typed) for line in lines]
    return [shlex.split(line)[1:] for line in lines]


@pytest.mark.parametrize(
    ("refused", "remedy_verb"),
    [
        (("result", "1", "1", "0-1"), "correct"),  # a second result: ResultAlreadyRecorded
        (("correct", "1", "2", "0-1", "--reason", "scoresheet", "--yes"), "result"),  # NoResultToCorrect
        (("pair",), "pair"),  # board 2 still empty: RoundNotReady, pair anyway with a reason
        (("register", "Ann", "--rating", "2100"), "register"),  # a look-alike: DuplicatePlayer, a namesake
    ],
    ids=["second-result", "correct-an-empty-board", "pair-over-a-missing-result", "namesake"],
)
def test_the_command_a_refusal_prints_does_what_it_says(
    club: str, capsys: pytest.CaptureFixture[str], refused: tuple[str, ...], remedy_verb: str
) -> None:
    """The CLI's rendering keeps the ledger's exit code (3, refused) and prints the remedy as an
    `arbiter` command line; typed with its placeholders filled in, that command is done (exit 0)."""
    code, _, err = run(capsys, *refused, "--ledger", club)
    assert code == exit_codes.REFUSED, err
    assert err.startswith(f"arbiter {refused[0]}: ") and err.count("\n") == 1
    (command,) = [words for words in printed_commands(err) if words[0] == remedy_verb]
    code, _, done = run(capsys, *command, "--ledger", club)
    assert code == exit_codes.OK, done


def test_a_refusal_without_a_tournament_keeps_its_exit_code_and_says_how_to_create_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """NoTournament exits 5 (tui/exit_codes.py) with the command line that creates a tournament."""
    from tui.wiring import open_ledger

    location = str(tmp_path / "empty.ledger")
    ledger, views = open_ledger(location, "arbiter", create=True)
    views.close()
    ledger.close()
    code, _, err = run(capsys, "register", "Ann", "--ledger", location)
    assert code == exit_codes.NO_LEDGER
    assert "this ledger holds no tournament; create the tournament: `arbiter new NAME " in err
