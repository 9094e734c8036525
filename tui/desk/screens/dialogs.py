"""Dialogs: modal screens that return the arbiter's answer (None when cancelled)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from attrs import frozen
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static


@frozen
class Field:
    key: str
    label: str
    value: str = ""
    placeholder: str = ""
    required: bool = False
    """Refuse an empty answer (a reason for a decision that changes an earlier one)."""
    restrict: str | None = None
    """A regular expression the typed text must match (e.g. digits only)."""


class FormDialog(ModalScreen[dict[str, str] | None]):
    """A question with an explanation of what will change, some fields, Confirm and Cancel.

    Returns the answers by field key, or None when cancelled."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", id="dialog.cancel", tooltip="Close the dialog; nothing is changed"),
    ]

    def __init__(
        self,
        title: str,
        body: str,
        fields: Sequence[Field] = (),
        confirm: str = "Confirm",
        danger: bool = False,
        cancel: str = "Cancel",
    ) -> None:
        super().__init__()
        self.title_text, self.body, self.fields = title, body, tuple(fields)
        self.confirm, self.danger, self.cancel = confirm, danger, cancel
        """`cancel` is the Cancel button's label; "" for a notice that is only acknowledged (no Cancel)."""

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="-danger" if self.danger else ""):
            yield Label(self.title_text, id="dialog-title", markup=False)
            if self.body:
                yield Static(self.body, id="dialog-body", markup=False)
            for field in self.fields:
                with Horizontal(classes="dialog-field"):
                    yield Label(field.label + (" *" if field.required else ""), markup=False)
                    yield Input(
                        value=field.value,
                        placeholder=field.placeholder,
                        id=f"field-{field.key}",
                        restrict=field.restrict,
                        compact=True,
                    )
            if any(f.required for f in self.fields):
                yield Static("* required", classes="dialog-note", markup=False)
            yield Static("", id="dialog-error", markup=False)
            with Horizontal(id="dialog-buttons"):
                yield Button(self.confirm, id="confirm", variant="error" if self.danger else "primary", compact=True)
                if self.cancel:
                    yield Button(self.cancel, id="cancel", compact=True)

    def on_mount(self) -> None:
        first_empty = next((f for f in self.fields if not f.value), self.fields[0] if self.fields else None)
        if first_empty is not None:
            self.query_one(f"#field-{first_empty.key}", Input).focus()
        else:
            self.query_one("#confirm", Button).focus()

    def answers(self) -> dict[str, str]:
        return {f.key: self.query_one(f"#field-{f.key}", Input).value.strip() for f in self.fields}

    @on(Input.Submitted)
    def next_field(self, event: Input.Submitted) -> None:
        keys = [f.key for f in self.fields]
        index = keys.index((event.input.id or "").removeprefix("field-"))
        if self.fields[index].required and not event.value.strip():
            self.query_one("#dialog-error", Static).update(f"{self.fields[index].label} is required.")
            return
        if index + 1 < len(keys):
            self.query_one(f"#field-{keys[index + 1]}", Input).focus()
        else:
            self.action_confirm()

    @on(Button.Pressed, "#confirm")
    def action_confirm(self) -> None:
        answers = self.answers()
        missing = [f.label.lower() for f in self.fields if f.required and not answers[f.key]]
        if missing:
            self.query_one("#dialog-error", Static).update(
                f"{' and '.join(missing).capitalize()} {'is' if len(missing) == 1 else 'are'} required."
            )
            first = next(f for f in self.fields if f.required and not answers[f.key])
            self.query_one(f"#field-{first.key}", Input).focus()
            return
        self.dismiss(answers)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


def reason_fields(reason_required: bool = True, reason: str = "") -> list[Field]:
    return [
        Field("reason", "Reason", reason, "why (recorded in the log with your name)", required=reason_required),
        Field("reference", "Reference", "", "optional: appeal number, rule article"),
    ]
