"""The import rules of ARCHITECTURE.md ("Layers and folders"): tui -> projections -> ledger -> pairing,
pairing pure, and a CLI that never loads Textual."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_layers_and_pure_engines_per_import_linter_contracts() -> None:
    """The contracts in pyproject.toml ([tool.importlinter]) hold."""
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Contracts: 2 kept, 0 broken." in done.stdout


def test_cli_does_not_import_textual() -> None:
    """ARCHITECTURE.md: "The CLI does not import Textual (`arbiter tui` loads the app lazily)"."""
    code = "import sys, tui.cli.main; print('textual' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


PACKAGES = ("tui", "projections", "ledger", "pairing")


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported(tree: ast.AST, module: str, is_package: bool, known: set[str]) -> set[str]:
    """The project's modules a module imports anywhere in its body (functions included), each as the
    deepest known module the import names (`from a.b import c` is `a.b.c` if that is a module, else
    `a.b`)."""
    package = module if is_package else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            names = [f"{base}.{alias.name}" for alias in node.names]  # a module, or a name of `base`
        else:
            continue
        for name in names:
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name and name != module:
                found.add(name)
    return found


def import_graph(packages: tuple[str, ...] = PACKAGES) -> dict[str, set[str]]:
    """Module -> the project's modules it imports, at module level or inside functions. Importing
    `a.b.c` also runs `a` and `a.b`, so those packages count as imported too, except a module's own
    packages, which run before it; a name taken from one of them (`from a import NAME`) counts."""
    files = {_module_name(p): p for package in packages for p in (ROOT / package).rglob("*.py")}
    known = set(files)
    graph: dict[str, set[str]] = {}
    for module, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        targets = _imported(tree, module, path.name == "__init__.py", known)
        parents = {".".join(t.split(".")[:i]) for t in targets for i in range(1, t.count(".") + 1)}
        ancestors = {p for p in parents if module.startswith(p + ".")}  # already loaded before `module` runs
        graph[module] = (targets | parents - ancestors) & known - {module}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_import_cycles() -> None:
    """ARCHITECTURE.md ("Layers and folders"): imports point one way. A cycle, even through an import
    inside a function, means two modules cannot be read (or loaded) one without the other."""
    assert cycles(import_graph()) == []


def test_every_document_pairing_cites_is_in_the_repository() -> None:
    """STYLE.md / the project's standards: every citation resolves inside the repository (docs/rules/...,
    docs/research/...), never a path outside it."""
    cited: dict[str, set[str]] = {}
    for path in (ROOT / "pairing").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "../shared" not in text and "/work/" not in text, f"{path}: a path outside the repository"
        for name in re.findall(r"docs/[\w./-]+", text):
            cited.setdefault(name.rstrip(".,;:)"), set()).add(path.name)
    missing = {name: sorted(where) for name, where in cited.items() if not (ROOT / name).exists()}
    assert cited and not missing, missing


# --- the domain does not know the CLI ---------------------------------------------------------------------

SPEAKING_NO_CLI = ("ledger", "projections")
"""The packages whose messages say what is wrong and, as `ledger.errors.Remedy` data, what to do, never how
the CLI does it (docs/design.md, "Refusals and remedies")."""


def cli_verbs() -> set[str]:
    from tests.tui.cli_support import verb_parsers

    return set(verb_parsers())


def messages(source: str) -> list[tuple[int, str]]:
    """The string constants of a module's source that are not docstrings (messages and the literal parts
    of f-strings), with their line numbers."""
    tree = ast.parse(source)
    documented = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    docstrings = {
        id(statement.value)
        for node in ast.walk(tree)
        if isinstance(node, documented)
        for statement in node.body
        if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)
    }
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
    ]


def cli_syntax(source: str, verbs: set[str]) -> list[str]:
    """What a module's messages say in the CLI's syntax: `arbiter VERB`, a verb in backquotes, or a long
    option (`--reason`)."""
    names = "|".join(sorted(map(re.escape, verbs), key=len, reverse=True))
    syntax = re.compile(rf"\barbiter (?:{names})\b|`(?:{names})\b|(?<![\w-])--[a-z]")
    return [f"line {line}: {text!r}" for line, text in messages(source) if syntax.search(text)]


def test_ledger_and_projections_messages_use_no_cli_syntax() -> None:
    """The domain says what is wrong and what to do (a `Remedy`); which command does it is the front end's
    (`tui.cli.remedies`, `tui.desk.remedies`): no message of ledger/ or projections/ names a CLI verb or
    option."""
    verbs = cli_verbs()
    found = {
        str(path.relative_to(ROOT)): hits
        for package in SPEAKING_NO_CLI
        for path in sorted((ROOT / package).rglob("*.py"))
        if (hits := cli_syntax(path.read_text(encoding="utf-8"), verbs))
    }
    assert found == {}


def test_the_cli_syntax_check_finds_a_reintroduced_command_in_a_message() -> None:
    """The check above is not blind: each way a message used to name the CLI is found, and the arbiter as a
    person, a docstring and a forfeit's "--" are not."""
    verbs = cli_verbs()
    reintroduced = [
        'raise UnknownPlayer(f"no player number {n}: see `arbiter standings` for the roster")',
        'raise DuplicatePlayer(f"{name} is registered; use `correct-player` to change details")',
        "raise ReasonRequired('this changes an earlier decision: give a reason (--reason \"...\")')",
        'problem = "nothing was recorded. The chief arbiter grants roles with arbiter grant"',
    ]
    for source in reintroduced:
        assert cli_syntax(source, verbs), source
    clean = [
        'def seal():\n    """What `arbiter seal` prints."""',
        'raise NotAuthorised("this ledger was made without arbiter keys; the chief arbiter grants roles")',
        'raise InvalidResult(f"{text!r} is not a chess result: use 1-0, 0-1, 1/2, or a forfeit +-, -+, --")',
    ]
    for source in clean:
        assert cli_syntax(source, verbs) == [], source
