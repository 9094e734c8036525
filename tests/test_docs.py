"""The docs checked against the code: every command, system, path and article they name exists, and the
README's five-minute example runs as written.

Docs are README.md and docs/*.md; the rule texts and research digests under docs/rules/ and
docs/research/ are sources, quoted as found, and are not checked.
"""

from __future__ import annotations

import argparse
import ast
import os
import re
import shlex
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from ledger.results import Game
from ledger.settings import DEFAULT_TIEBREAKS, koya_limit
from pairing.registry import systems
from projections.tiebreaks import TIEBREAKS

ROOT = Path(__file__).resolve().parents[1]
DOCS = (ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")))
PACKAGES = ("ledger", "projections", "pairing", "tui")
SOURCES = (*PACKAGES, "tests", "benchmarks")
CITING_CLEANLY = ("ledger", "projections", "pairing", "tui")
"""The packages whose docstrings cite only inside the repository."""
EXAMPLES = ROOT / "docs" / "examples"


def cli_parser() -> argparse.ArgumentParser:
    """The `arbiter` command's parser: the one place this test reaches into the CLI."""
    from tui.cli.main import build_parser

    return build_parser()


def cli_verb_parsers() -> dict[str, argparse.ArgumentParser]:
    from tests.tui.cli_support import verb_parsers

    return verb_parsers()


def cli_verbs() -> set[str]:
    return set(cli_verb_parsers())


def _relative(path: Path) -> str:
    return str(path.relative_to(ROOT))


# --- what the docs name ---------------------------------------------------------------------------------

FENCE = re.compile(r"^```[^\n]*\n(.*?)^```", re.MULTILINE | re.DOTALL)
INLINE = re.compile(r"`([^`\n]+)`")
VERB = re.compile(r"(?<![\w-])arbiter ([a-z][a-z-]*)")
COMMAND_LINE = re.compile(r"(?<![\w-])arbiter ([a-z][a-z-]*)((?: +[^\s|#&;>]+)*)")
SYSTEM_OPTION = re.compile(r"--system[ =]([a-z][a-z-]*)")
SYSTEM_NAMED = re.compile(r"\b[Ss]ystem(?: names?)?:? `([a-z][a-z-]*)`")
SYSTEM_CELL = re.compile(r"`([a-z][a-z-]*)`")
REPO_PATH = re.compile(r"(?<![\w./-])(?:docs|ledger|projections|pairing|tui|tests|benchmarks)/[\w.*/-]*[\w*/]")
PAGE = re.compile(r"[\w-]+\.md")
LEAVES_REPO = re.compile(r"\.\./shared/|/work/|\bresearch notes? (?:[A-Z]?\d|on\b)|\bissues? \d", re.I)


def code_in(text: str) -> list[str]:
    """The code a markdown text shows: fenced blocks and inline spans."""
    blocks = FENCE.findall(text)
    prose = FENCE.sub("", text)
    return blocks + INLINE.findall(prose)


def docstrings(package: str) -> Iterator[tuple[str, str]]:
    """(where, text) of every docstring and string constant in a package's modules."""
    for path in sorted((ROOT / package).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                yield f"{_relative(path)}:{node.lineno}", node.value


def path_exists(cited: str) -> bool:
    return any(ROOT.glob(cited)) if "*" in cited else (ROOT / cited).exists()


# --- commands and systems -------------------------------------------------------------------------------


@pytest.mark.parametrize("doc", DOCS, ids=_relative)
def test_every_arbiter_verb_in_the_docs_exists(doc: Path) -> None:
    """Every `arbiter VERB` a doc shows (in code) is a verb of the CLI's parser."""
    named = {verb for code in code_in(doc.read_text(encoding="utf-8")) for verb in VERB.findall(code)}
    assert named - cli_verbs() == set(), f"{_relative(doc)} names commands the CLI does not have"


@pytest.mark.parametrize("doc", DOCS, ids=_relative)
def test_every_option_a_doc_gives_a_verb_exists(doc: Path) -> None:
    """`arbiter VERB ... --option` in a doc's code: the verb takes that option."""
    parsers = cli_verb_parsers()
    wrong = []
    for code in code_in(doc.read_text(encoding="utf-8")):
        for verb, rest in COMMAND_LINE.findall(code):
            options = [word.split("=")[0] for word in rest.split() if word.startswith("--")]
            known = parsers[verb]._option_string_actions if verb in parsers else {}
            wrong += [f"arbiter {verb} {option}" for option in options if verb in parsers and option not in known]
    assert wrong == [], f"{_relative(doc)} gives options the CLI does not take"


def test_docs_cli_lists_every_verb_once_with_an_example() -> None:
    """docs/cli.md has a row per verb: `verb` | purpose | an example that uses it."""
    rows = re.findall(r"^\| `([a-z][a-z-]*)` \| [^|]+ \| `arbiter ([a-z][a-z-]*)[^`]*` \|$", _read("docs/cli.md"), re.M)
    listed = [verb for verb, _ in rows]
    assert sorted(listed) == sorted(cli_verbs())
    assert all(verb == example for verb, example in rows), "an example uses another verb than its row's"


def test_docs_cli_lists_the_exit_codes_of_arbiter_help() -> None:
    """The exit codes in docs/cli.md are those `arbiter --help` ends with, 0 to 6."""
    codes = re.findall(r"^\| (\d) \|", _read("docs/cli.md"), re.M)
    help_codes = re.findall(r"^  (\d)  ", cli_parser().epilog or "", re.M)
    assert codes == help_codes == [str(code) for code in range(7)]


@pytest.mark.parametrize("doc", DOCS, ids=_relative)
def test_every_system_named_in_the_docs_is_registered(doc: Path) -> None:
    """Every `--system NAME` in a doc's code, every "system `NAME`" of its prose, and every row of its
    `--system` tables, is a system of `pairing.registry.systems()`."""
    text = doc.read_text(encoding="utf-8")
    named = {name for code in code_in(text) for name in SYSTEM_OPTION.findall(code)}
    named |= set(SYSTEM_NAMED.findall(text))
    named |= set(systems_in_tables(text))
    assert named - set(systems()) == set(), f"{_relative(doc)} names systems that are not registered"


def systems_in_tables(text: str) -> list[str]:
    """The systems in the first column of every table headed `--system`."""
    names = []
    for table in re.findall(r"^\| `--system` \|.*?(?=^[^|]|\Z)", text, re.M | re.S):
        for row in table.splitlines()[2:]:
            names += SYSTEM_CELL.findall(row.split("|")[1])
    return names


def test_every_registered_system_has_a_row_in_a_game_guide() -> None:
    """The game guides (chess, backgammon, Scrabble) together list every registered system."""
    listed = {
        name for game in ("chess", "backgammon", "scrabble") for name in systems_in_tables(_read(f"docs/{game}.md"))
    }
    assert set(systems()) - listed == set()


TIEBREAK_CODES = re.compile(r"[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*(?:,[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*)*")


def tiebreaks_in_guide(game: str) -> list[str]:
    """The tie-break codes a game guide shows: `BH-C1` or a list `DE,WIN,SB,KS`."""
    spans = INLINE.findall(_read(f"docs/{game}.md"))
    return [code for span in spans if TIEBREAK_CODES.fullmatch(span) for code in span.split(",")]


def test_the_game_guides_name_exactly_the_tiebreak_codes_there_are() -> None:
    """Every code the guides name is one `arbiter new --tiebreaks` takes (a fixed code, or KS with a Limit,
    C.07 14.5), and every fixed code is in a guide."""
    named = {code for game in ("chess", "backgammon", "scrabble") for code in tiebreaks_in_guide(game)}
    assert {code for code in named if koya_limit(code) is None} == set(TIEBREAKS)
    assert {"KS-L60", "KS-L-1"} <= named


def test_chess_md_gives_the_default_tiebreaks() -> None:
    """docs/chess.md: "Defaults: round robin `DE,WIN,SB,KS`; Swiss `BH-C1,BH,SB,DE,WIN`"."""
    defaults = re.search(r"Defaults: round robin\s+`([^`]+)`; Swiss `([^`]+)`", _read("docs/chess.md"))
    assert defaults is not None
    assert tuple(defaults.group(1).split(",")) == DEFAULT_TIEBREAKS[Game.CHESS, True]
    assert tuple(defaults.group(2).split(",")) == DEFAULT_TIEBREAKS[Game.CHESS, False]


OPTION_READ = re.compile(r"""(?:\.option|\b[a-z_]+\((?:self\.)?request\s*,)\(?\s*["']([a-z][a-z_0-9]*)["']""")


def test_every_option_the_engines_read_is_documented() -> None:
    """Every system option an engine reads (`request.option("name")`, or a reader such as
    `options.flag(request, "name")`) is named in docs/*.md, as `name`, `name=...` or `name = ...`."""
    read = {name for path in (ROOT / "pairing").rglob("*.py") for name in OPTION_READ.findall(path.read_text())}
    docs = "".join(doc.read_text(encoding="utf-8") for doc in DOCS)
    assert len(read) > 40, "the pattern finds the options"
    assert [name for name in sorted(read) if not re.search(rf"`{name}(`| ?=)", docs)] == []


# --- citations ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("doc", DOCS, ids=_relative)
def test_every_repository_path_a_doc_cites_exists(doc: Path) -> None:
    """Paths from the top of the repository (`docs/rules/...`, `pairing/...`), and pages named alone
    (`round-robin.md`, beside the doc)."""
    text = doc.read_text(encoding="utf-8")
    missing = [cited for cited in REPO_PATH.findall(text) if not path_exists(cited)]
    missing += [page for page in INLINE.findall(text) if PAGE.fullmatch(page) and not (doc.parent / page).exists()]
    assert missing == [], f"{_relative(doc)} cites paths that do not exist"


@pytest.mark.parametrize("package", SOURCES)
def test_every_repository_path_a_docstring_cites_exists(package: str) -> None:
    missing = [
        f"{where}: {cited}"
        for where, text in docstrings(package)
        for cited in REPO_PATH.findall(text)
        if not path_exists(cited)
    ]
    assert not missing, "\n".join(missing)


@pytest.mark.parametrize("package", CITING_CLEANLY)
def test_no_docstring_cites_outside_the_repository(package: str) -> None:
    """Citations resolve inside the repository: no path outside it, no bare "research notes N", no issue
    number (docs/rules.md says where each rule text is)."""
    outside = [
        f"{where}: {match.group(0)}" for where, text in docstrings(package) for match in LEAVES_REPO.finditer(text)
    ]
    assert not outside, "\n".join(outside)


@pytest.mark.parametrize("doc", DOCS, ids=_relative)
def test_no_doc_cites_outside_the_repository(doc: Path) -> None:
    outside = [match.group(0) for match in LEAVES_REPO.finditer(doc.read_text(encoding="utf-8"))]
    assert outside == []


def _read(relative: str) -> str:
    return (ROOT / relative).read_text(encoding="utf-8")


def rules_rows() -> list[tuple[str, list[str], list[str]]]:
    """(article, modules, tests) of every row of the tables in docs/rules.md."""
    rows = []
    for line in _read("docs/rules.md").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if not line.startswith("|") or len(cells) != 4 or cells[2] in ("Module", "---"):
            continue
        rows.append((cells[0], INLINE.findall(cells[2]), INLINE.findall(cells[3])))
    return rows


def test_docs_rules_md_has_a_row_per_article() -> None:
    assert len(rules_rows()) >= 60


@pytest.mark.parametrize(("article", "modules", "tests"), rules_rows(), ids=lambda value: str(value)[:40])
def test_every_article_in_rules_md_points_at_a_module_and_a_test_that_exist(
    article: str, modules: list[str], tests: list[str]
) -> None:
    assert modules and tests, f"{article}: a row names its module(s) and its test"
    assert [module for module in modules if not (ROOT / module).exists()] == []
    for test in tests:
        file, _, name = test.partition("::")
        assert (ROOT / file).is_file(), f"{article}: no test file {file}"
        assert re.search(rf"^(async )?def {name}\(", _read(file), re.M), f"{article}: no test {name} in {file}"


# --- the README's five-minute example -------------------------------------------------------------------


def readme_example() -> list[str]:
    """The lines of the shell block under "A tournament in five minutes"."""
    section = _read("README.md").split("## A tournament in five minutes", 1)[1]
    assert "docs/examples/players.csv" in section.split("```", 1)[0], "the README names the roster it reads"
    return [line for line in FENCE.findall(section)[0].splitlines() if line.strip()]


def arbiter_command() -> str:
    """The installed `arbiter`, beside the Python that runs the tests (the venv's)."""
    beside = Path(sys.executable).with_name("arbiter")
    found = str(beside) if beside.exists() else shutil.which("arbiter")
    if found is None:
        pytest.fail("no `arbiter` command installed: pip install -e '.[test]'")
    return found


def test_readme_five_minute_example_runs_line_by_line_in_an_empty_folder(tmp_path: Path) -> None:
    """Each line of the README's example, run in a folder holding only docs/examples/, exits 0, except the
    lines its comment says are refused, which exit with the code the comment gives."""
    for example in EXAMPLES.iterdir():
        shutil.copy(example, tmp_path)
    environment = {key: value for key, value in os.environ.items() if not key.startswith("ARBITER_")}
    arbiter = arbiter_command()
    for line in readme_example():
        words = shlex.split(line, comments=True)
        comment = line.partition("#")[2]
        if words[0] == "export":
            environment.update(word.split("=", 1) for word in words[1:])
            continue
        assert words[0] == "arbiter", f"the example holds a line the test cannot run: {line}"
        done = subprocess.run(
            [arbiter, *words[1:]],
            cwd=tmp_path,
            env=environment,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=120,
        )
        refused = re.search(r"refused \(exit (\d)\)", comment)
        expected = int(refused.group(1)) if refused else 0
        assert done.returncode == expected, f"{line}\nexit {done.returncode}\n{done.stderr}"
    assert (tmp_path / environment["ARBITER_LEDGER"]).exists()


# --- docs/fide-mode.md: the checklist, question by question ----------------------------------------------

CHECKLIST_ROW = re.compile(r"^\| (Q\d+)[^|]*\|.*\| (tests/\S+\.py::test_\w+(?:, tests/\S+\.py::test_\w+)*) \|$", re.M)


def checklist_rows() -> list[tuple[str, str]]:
    return [
        (question, test)
        for question, tests in CHECKLIST_ROW.findall(_read("docs/fide-mode.md"))
        for test in tests.split(", ")
    ]


def test_docs_fide_mode_md_claims_questions() -> None:
    assert len(checklist_rows()) >= 4


@pytest.mark.parametrize(("question", "test"), checklist_rows(), ids=lambda value: str(value)[:60])
def test_every_checklist_question_in_fide_mode_md_names_a_test_that_exists(question: str, test: str) -> None:
    """docs/fide-mode.md: each claimed question names its test, named by the question's number."""
    file, _, name = test.partition("::")
    assert (ROOT / file).is_file(), f"{question}: no test file {file}"
    assert re.search(rf"^(async )?def {name}\(", _read(file), re.M), f"{question}: no test {name} in {file}"
    assert name.startswith(f"test_q{int(question[1:]):03d}"), f"{question}: the test's name starts with its number"
