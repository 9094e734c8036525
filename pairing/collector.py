"""The cyclic garbage collector around what a command makes once and keeps until it ends: the modules it
imports, the file it reads (docs/performance.md, "Start-up, session 7" and "Start-up, session 8")."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def long_lived() -> Iterator[None]:
    """The collector paused while the block runs, then what is alive frozen out of later collections
    (`gc.freeze`), the interpreter's last one at exit included: the block's objects (classes and
    functions of the imported modules, the records of a file) stay until the process ends, so walking
    them is wasted work; a command's imports make tens of thousands. Use it for what a process makes
    once: each use also keeps whatever cyclic garbage is waiting at that moment."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if was_enabled:
            gc.enable()
