"""Gacrux's tie-break checker run on many files in one process, for `tiebreak_cross_check.py`.

    python benchmarks/gacrux_worker.py PATH/TieBreakServer

Gacrux (OttoMilvang/TieBreakServer, MIT licence, (c) FIDE) stays an external program: this script is
started as a process of its own, imports Gacrux's entry point (``tiebreakchecker.tiebreakchecker``, the
class its ``tiebreakchecker.py`` runs from the command line) from the folder given, and runs it once per
request, as ``python tiebreakchecker.py ARGUMENTS`` would, with a new checker each time. Each line read
on stdin is a JSON array of the command line's arguments; each line written on stdout is a JSON object:
``code`` (what the command would exit with), ``stdout`` and ``stderr`` (what it would print) and ``cpu``
(the CPU seconds of the run). Starting Python and importing Gacrux cost about 0.2 CPU-s, four fifths of
one run on a generated tournament, which is why the cross-check keeps one such process per worker.
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
import time


def run(checker: type, arguments: list[str]) -> dict[str, object]:
    """One run of Gacrux's checker on `arguments`, as its command line would make it."""
    started = time.process_time()
    sys.argv = ["tiebreakchecker.py", *arguments]
    printed, said = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(said):
        try:
            code = checker().common_main()
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else 1
        except Exception as error:  # reported to the harness as the command's failure
            code = 1
            said.write(f"{type(error).__name__}: {error}")
    return {"code": code, "stdout": printed.getvalue(), "stderr": said.getvalue(), "cpu": time.process_time() - started}


def main() -> None:
    sys.path.insert(0, sys.argv[1])
    from tiebreakchecker import tiebreakchecker  # Gacrux's own entry point, from the folder given

    answer = sys.stdout
    for line in sys.stdin:
        answer.write(json.dumps(run(tiebreakchecker, json.loads(line))) + "\n")
        answer.flush()


if __name__ == "__main__":
    main()
