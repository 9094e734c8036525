"""Start-up cost (docs/performance.md, "Start-up"): a command imports what it uses. The `arbiter` CLI
loads no pairing engine, generator or Textual until a verb needs one, and `arbiter-pair --dutch`
loads the Dutch engine alone. Each check runs in a fresh interpreter, so that nothing imported by
the test session counts."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pairing import registry
from pairing.tsh import ENGINES as TSH_ENGINES

ROOT = Path(__file__).resolve().parent.parent

OTHER_ENGINES = ("pairing.fide.dubov", "pairing.fide.burstein", "pairing.ibf", "pairing.tsh", "pairing.generator")
"""Packages and modules that only the systems they implement (or `-g`) should load."""


def loaded_after(code: str) -> set[str]:
    """The modules loaded by a fresh interpreter after running `code`."""
    script = f"import json, sys\n{code}\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
    return set(json.loads(done.stdout.strip().splitlines()[-1]))


def collector_after(setup: str, command: str) -> tuple[bool, int]:
    """In a fresh interpreter, after `setup`: whether the cyclic collector is on once `command` (a call
    answering 0) has run, and how many more objects it left frozen (`gc.freeze`) than `setup` did."""
    script = (
        f"import gc\n{setup}\nbefore = gc.get_freeze_count()\nassert {command} == 0\n"
        "print(gc.isenabled(), gc.get_freeze_count() - before)"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
    enabled, frozen = done.stdout.split()[-2:]
    return enabled == "True", int(frozen)


def loaded_from(modules: set[str], *packages: str) -> list[str]:
    return sorted(m for m in modules if any(m == p or m.startswith(p + ".") for p in packages))


def test_the_arbiter_cli_loads_no_engine_textual_or_generator_at_import() -> None:
    """ARCHITECTURE.md: the CLI does not import Textual; and no engine is loaded before a verb pairs."""
    modules = loaded_after("import tui.cli.main")
    assert loaded_from(modules, "textual", *OTHER_ENGINES) == []
    assert loaded_from(modules, "ledger.domain", "eventsourcing", "nacl") == []  # the ledger loads with a verb
    assert loaded_from(modules, "attrs", "attr", "rich", "cattrs") == []  # so do the libraries a verb uses
    assert loaded_from(modules, "pairing.fide.dutch") == []
    # nor what only some verbs use: the audit report's `html`, `textwrap`, the drawing of lots' `random`
    assert loaded_from(modules, "html", "textwrap", "random") == []


def test_arbiter_help_lists_every_verb_without_loading_an_engine() -> None:
    """`arbiter --help` builds the whole parser (every verb, its help and examples) from light modules."""
    code = (
        "import contextlib, io\nfrom tui.cli.main import main\n"
        "with contextlib.suppress(SystemExit), contextlib.redirect_stdout(io.StringIO()):\n    main(['--help'])"
    )
    assert loaded_from(loaded_after(code), "textual", "pairing.fide", *OTHER_ENGINES) == []


def test_arbiter_pair_dutch_loads_only_the_dutch_engine(tmp_path: Path) -> None:
    """`arbiter-pair --dutch FILE -p` (bbpPairings' command line) pairs with the Dutch engine alone."""
    trf = ROOT / "tests" / "data" / "burstein_2025_c7_look_ahead_c4.trf"  # round 6 of 8, 10 players
    pair = f"from pairing.cli import main\nassert main(['--dutch', {str(trf)!r}, '-p', {str(tmp_path / 'out')!r}]) == 0"
    modules = loaded_after(pair)
    assert "pairing.fide.dutch" in modules
    assert loaded_from(modules, *OTHER_ENGINES) == []


def test_the_arbiter_pair_command_pairs_without_loading_the_tiebreaks(tmp_path: Path) -> None:
    """The console script `arbiter-pair` is `tui.pair.main`, which hands the checker and generator the
    tie-breaks of `projections`: `-p` loads them no more than it loads another engine."""
    trf = ROOT / "tests" / "data" / "burstein_2025_c7_look_ahead_c4.trf"
    pair = f"from tui.pair import main\nassert main(['--dutch', {str(trf)!r}, '-p', {str(tmp_path / 'out')!r}]) == 0"
    modules = loaded_after(pair)
    assert "pairing.fide.dutch" in modules
    assert loaded_from(modules, "projections", "ledger", "textual", *OTHER_ENGINES) == []
    assert loaded_from(modules, "pairing.trf.standings", "pairing.checker", "rich", "cattrs") == []


def test_the_arbiter_pair_command_pairs_without_loading_attrs(tmp_path: Path) -> None:
    """docs/performance.md, "Start-up, session 9": the classes `arbiter-pair --dutch FILE -p` makes (the
    engines' contract, the TRF model, the Dutch engine's) are `pairing.values` classes, so the process
    never loads attrs, whose import was a quarter of it; nor cattrs, which only a recorded pairing needs."""
    trf = ROOT / "tests" / "data" / "burstein_2025_c7_look_ahead_c4.trf"
    pair = f"from tui.pair import main\nassert main(['--dutch', {str(trf)!r}, '-p', {str(tmp_path / 'out')!r}]) == 0"
    modules = loaded_after(pair)
    assert "pairing.trf.document" in modules and "pairing.fide.dutch.brackets" in modules
    assert "attr" not in modules and "attrs" not in modules
    assert loaded_from(modules, "attr", "attrs", "cattrs") == []


def test_the_arbiter_pair_command_reads_its_file_long_lived(tmp_path: Path) -> None:
    """docs/performance.md, "Start-up, session 8": the records of the file to pair are frozen out of the
    collector (`pairing.collector.long_lived`) as its imports are, and the collector is on for the pairing."""
    trf = ROOT / "tests" / "data" / "burstein_2025_c7_look_ahead_c4.trf"
    setup = "from tui.pair import main, pairing_cli\npairing_cli()"
    command = f"main(['--dutch', {str(trf)!r}, '-p', {str(tmp_path / 'out')!r}])"
    enabled, read = collector_after(setup, command)
    assert enabled
    assert read > 100  # ten players' lines, their rounds and histories


def test_each_event_class_is_made_once_and_is_the_class_stored() -> None:
    """docs/performance.md, "Start-up": `@records` links each event to its method, so importing
    `ledger.domain` makes one frozen dataclass per event (eventsourcing's `@event(cls)` made a second,
    a `DecoratedFuncCaller`, under each); and the class declared in the aggregate is the one its topic
    names, so stored events are written and read as before."""
    from eventsourcing.domain import CanMutateAggregate, DecoratedFuncCaller
    from eventsourcing.utils import resolve_topic

    from ledger.domain import Round, Tournament

    events = [
        value
        for aggregate in (Tournament, Round)
        for name, value in vars(aggregate).items()
        if isinstance(value, type) and issubclass(value, CanMutateAggregate) and name != "Event"
    ]
    assert len(events) > 30
    assert [e for e in events if issubclass(e, DecoratedFuncCaller)] == []
    assert [e for e in events if resolve_topic(e.TOPIC) is not e] == []
    # each is made without its own `__init__`, `__repr__`, `__eq__`, `__hash__`, `__setattr__` and
    # `__delattr__`, which the standard library compiles for each dataclass (ledger.event_type)
    generated = {"__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__"}
    assert [e for e in events if generated & set(vars(e))] == []


@pytest.mark.parametrize("system", registry.systems())
def test_every_registered_system_names_its_own_engine(system: str) -> None:
    """The registry names each engine by its module path; the engine it loads answers to the name."""
    assert registry.engine_for(system).name == system


def test_the_registry_lists_every_tsh_engine() -> None:
    """pairing/tsh/__init__.py's ENGINES and the registry's tsh systems are the same systems."""
    assert sorted(registry.TSH_SYSTEMS) == sorted(TSH_ENGINES)


@pytest.mark.parametrize("verb", ["standings", "pairings", "log"])
def test_a_read_of_current_tables_loads_no_event_store_engine_or_rich(verb: str, tmp_path: Path) -> None:
    """docs/performance.md, "Start-up": with the read models current, `arbiter standings`, `pairings` and
    `log` print the stored rows; the event classes, the store, the fold, the engines, attrs and Rich
    (whose layout the plain text tables reproduce) stay unloaded."""
    from tests.tui.web_support import chess_swiss

    location = chess_swiss(tmp_path)
    code = (
        "import contextlib, io\nfrom tui.cli.main import main\n"
        f"with contextlib.redirect_stdout(io.TextIOWrapper(io.BytesIO(), encoding='utf-8')):\n"
        f"    assert main([{verb!r}, '--ledger', {location!r}]) == 0"
    )
    heavy = ("eventsourcing", "ledger.domain", "ledger.application", "projections.views", "projections.state")
    assert loaded_from(loaded_after(code), *heavy, "pairing", "rich", "attrs", "attr", "textual") == []


def test_a_result_loads_no_engine_cattrs_libsodium_or_rich(tmp_path: Path) -> None:
    """docs/performance.md, "Start-up": `arbiter result` on an unsigned ledger loads the ledger and the
    read models, not an engine, the pairing digest's cattrs, libsodium or Rich."""
    from tests.tui.web_support import chess_swiss

    location = chess_swiss(tmp_path)
    code = f"from tui.cli.main import main\nassert main(['result', '2', '2', '1-0', '--ledger', {location!r}]) == 0"
    modules = loaded_after(code)
    assert "ledger.domain" in modules
    engines = ("pairing.fide.dutch", *OTHER_ENGINES[:2], "pairing.ibf.brackets", "pairing.ibf.swiss", "pairing.tsh")
    assert loaded_from(modules, *engines, "cattrs", "nacl", "rich") == []


def test_a_result_imports_the_ledger_long_lived(tmp_path: Path) -> None:
    """docs/performance.md, "Start-up, session 8": the ledger's and read models' imports are frozen out of
    the collector (`pairing.collector.long_lived`), which is on again for the command itself."""
    from tests.tui.web_support import chess_swiss

    location = chess_swiss(tmp_path)
    enabled, frozen = collector_after(
        "from tui.cli.main import main", f"main(['result', '2', '2', '1-0', '--ledger', {location!r}])"
    )
    assert enabled
    assert frozen > 10_000  # eventsourcing, attrs, the ledger's classes: tens of thousands of objects
