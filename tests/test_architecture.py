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
