"""`arbiter` in a process that is ended abruptly at a chosen point, as a power cut or `kill -9` would:
`os._exit` runs no cleanup, commits nothing and closes nothing.

    python -m tests.ledger.killed_arbiter SAVE_NUMBER ARBITER_ARGS...

SAVE_NUMBER n >= 1 ends the process just after the command's n-th save (its events are then in the
database's open transaction: before this ledger kept one transaction per command, each save was a
commit); 0 ends it just after the command committed, before the read models are brought up to date.
A process that is not ended exits with `arbiter`'s own code.
"""

from __future__ import annotations

import os
import sys
from typing import Any

from eventsourcing.application import Application

import tui.cli.common
import tui.cli.main

KILLED = 137
"""The exit status a shell reports for a process ended by SIGKILL."""


def end_at_save(number: int) -> None:
    """Make the `number`-th `Application.save` of this process its last act."""
    save = Application.save
    saves = 0

    def counted(self: Application, *objs: Any, **kwargs: Any) -> Any:
        nonlocal saves
        recordings = save(self, *objs, **kwargs)
        saves += 1
        if saves == number:
            os._exit(KILLED)
        return recordings

    Application.save = counted  # type: ignore[method-assign]


def end_after_commit() -> None:
    def killed(*_: Any) -> None:
        os._exit(KILLED)

    tui.cli.common.catch_up_after = killed  # type: ignore[assignment]


if __name__ == "__main__":
    point = int(sys.argv[1])
    if point:
        end_at_save(point)
    else:
        end_after_commit()
    sys.exit(tui.cli.main.main(sys.argv[2:]))
