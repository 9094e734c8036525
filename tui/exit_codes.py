"""Exit codes of `arbiter`, in one place (documented in `arbiter --help`, every verb's help, and `EPILOG` below)."""

OK = 0
VERIFY_FAILED = 1
"""`arbiter verify` found a broken chain."""
USAGE = 2
"""The command line itself is wrong (argparse's code)."""
REFUSED = 3
"""The ledger refused the command (unknown player or board, rule, state); nothing was appended."""
BAD_INPUT = 4
"""A file or value could not be read (malformed CSV, result, pairing list); nothing was appended."""
NO_LEDGER = 5
"""The ledger could not be opened, holds no tournament, is locked (after the lock timeout) or cannot be
written; nothing was appended."""
CONFLICT = 6
"""Another desk changed the same records first (after `--expect-position`); nothing was appended."""

EPILOG = """exit codes:
  0  done (also: the read models lag, with a warning; a repeated --command-id, nothing appended)
  1  verify: the ledger's hash chain or a signature is broken, or a published --anchor is not in it
  2  the command line is wrong
  3  the ledger refused the command (nothing was appended)
  4  a file or value could not be read (nothing was appended)
  5  the ledger could not be opened, holds no tournament, is locked or cannot be written
     (nothing was appended; $ARBITER_LOCK_TIMEOUT seconds are waited for a lock, default 10)
  6  another desk changed the same records first (nothing was appended; check and retry)"""
