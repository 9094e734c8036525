"""What the cross-checks over seed ranges share (benchmarks/peer_cross_check.py,
benchmarks/tiebreak_cross_check.py): seeds in a process pool, in seed order; a stop at a UTC time or on a
signal that still reports the seeds done; CPU seconds with the children waited for; the load average."""

from __future__ import annotations

import argparse
import datetime
import os
import signal
from collections.abc import Callable, Iterator
from multiprocessing import Pool
from typing import TypeVar

Result = TypeVar("Result")


def cpu_seconds() -> float:
    """CPU seconds of this process and of the children it has waited for."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def load() -> str:
    """The load averages over 1, 5 and 15 minutes."""
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def stop_on_signals() -> None:
    """SIGTERM (or SIGINT, which a shell's background job ignores) stops the run, which then reports."""
    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)


def _stop(signal_number: int, frame: object) -> None:
    raise KeyboardInterrupt


def _quiet_worker() -> None:
    """Workers leave Ctrl-C and SIGTERM to the main process, which stops them and reports the seeds done."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def in_seed_order(work: Callable[[int], Result], seeds: range, jobs: int) -> Iterator[Result]:
    """`work` of every seed, in seed order, in `jobs` worker processes (workers take seeds one at a time,
    so a stop loses little); `work` must be picklable (a module's function, or a `functools.partial`)."""
    if jobs == 1:
        yield from map(work, seeds)
        return
    with Pool(jobs, initializer=_quiet_worker) as pool:
        yield from pool.imap(work, seeds)


def deadline(text: str) -> float:
    """`--until HH:MM` (UTC, today, or tomorrow if past) as a time.time() value."""
    try:
        clock = datetime.time.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a time of day like 04:00") from None
    now = datetime.datetime.now(datetime.UTC)
    until = now.replace(hour=clock.hour, minute=clock.minute, second=0, microsecond=0)
    if until <= now:
        until += datetime.timedelta(days=1)
    return until.timestamp()
