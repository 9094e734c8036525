"""The status line at the foot of every screen: what the desk is doing, what happened, what went wrong."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import LoadingIndicator, Static


class StatusLine(Horizontal):
    """A loading indicator while a command runs, then its outcome (or the ledger's refusal, in red).

    The indicator is mounted only while busy: an idle one would still animate."""

    DEFAULT_CSS = """
    StatusLine { height: 1; }
    StatusLine LoadingIndicator { width: 6; height: 1; min-height: 1; }
    StatusLine #status-text { width: 1fr; height: 1; }
    StatusLine.-error #status-text { color: $text-error; text-style: bold; }
    StatusLine.-ok #status-text { color: $text-success; }
    """

    def compose(self) -> ComposeResult:
        yield Static("", id="status-text", markup=False)

    @property
    def text(self) -> str:
        return str(self.query_one("#status-text", Static).content)

    def _show(self, classes: str, text: str) -> None:
        if classes != "-busy":
            self.query(LoadingIndicator).remove()
        elif not self.query(LoadingIndicator):
            self.mount(LoadingIndicator(), before=0)
        self.set_classes(classes)
        self.query_one("#status-text", Static).update(text)

    def busy(self, what: str) -> None:
        self._show("-busy", f"{what} ...")

    def say(self, text: str) -> None:
        self._show("-ok", text)

    def error(self, text: str) -> None:
        self._show("-error", text)
