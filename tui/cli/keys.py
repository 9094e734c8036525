"""Arbiters' keys: `arbiter key new`, `arbiter key show` and `arbiter grant` (ledger.roles, docs/security.md),
and what `arbiter verify` says about signatures.

The private key never leaves its file: these verbs print fingerprints and public keys only.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import TYPE_CHECKING

from tui import exit_codes
from tui.cli.common import VerbGroup, opened, say

if TYPE_CHECKING:
    from ledger.roles import SignatureReport

verbs = VerbGroup()


def _key_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("action", choices=["new", "show"], help="new: make a key; show: its fingerprint and public key")
    p.add_argument("--file", help="new: where to keep it (default $XDG_CONFIG_HOME/arbiter-ledger/arbiter.key)")


@verbs.verb(
    "key",
    "make or show an arbiter's signing key (Ed25519); commands given --key PATH or $ARBITER_KEY sign every "
    "event they append with it, and the key that creates a tournament is its chief arbiter's",
    _key_arguments,
    "  arbiter key new                         a key in ~/.config/arbiter-ledger/arbiter.key (mode 0600)\n"
    "  arbiter key new --file deputy.key\n"
    "  arbiter key show --key deputy.key       its fingerprint and public key, for `arbiter grant`",
)
def cmd_key(args: argparse.Namespace) -> int:
    from ledger.signing import ArbiterKey, default_key_path  # libsodium, loaded only for the key verbs

    if args.action == "new":
        key = ArbiterKey.create(Path(args.file) if args.file else default_key_path())
        print(key.fingerprint)
        say(
            f"new arbiter key in {key.path} (readable by you only; keep a copy somewhere safe).\n"
            f"fingerprint {key.fingerprint}\npublic key  {key.public_hex}\n"
            f"sign with it: --key {key.path}, or export ARBITER_KEY={key.path}\n"
            "a key that creates a tournament is its chief arbiter's; give the fingerprint and public key to the\n"
            "chief arbiter for `arbiter grant` otherwise"
        )
        return exit_codes.OK
    given = args.file or args.key or os.environ.get("ARBITER_KEY")
    key = ArbiterKey.load(Path(given) if given else default_key_path())
    print(f"fingerprint {key.fingerprint}\npublic key  {key.public_hex}")
    return exit_codes.OK


def _grant_arguments(p: argparse.ArgumentParser) -> None:
    from ledger.roles import GRANTABLE  # set up only when `grant` is the verb on the command line

    p.add_argument("fingerprint", help="the key's fingerprint, as `arbiter key show` prints it")
    p.add_argument("--public-key", required=True, help="the key's public key (64 hex digits, from `arbiter key show`)")
    p.add_argument("--role", required=True, choices=[role.value for role in GRANTABLE])
    p.add_argument("--reason", required=True, help="why: recorded in the log")


@verbs.verb(
    "grant",
    "give an arbiter's key a role in this tournament (the chief arbiter only)",
    _grant_arguments,
    '  arbiter grant 3f9c...e1 --public-key 8d2a...77 --role deputy --reason "deputy arbiter, hall B" '
    '--key chief.key\n  arbiter grant 3f9c...e1 --public-key 8d2a...77 --role none --reason "key lost"\n\n'
    "roles: deputy (the desk's work), appeals (appeal rulings), none (takes a role away).",
)
def cmd_grant(args: argparse.Namespace) -> int:
    with opened(args) as (ledger, _):
        granted = ledger.grant_key(args.fingerprint, args.public_key, args.role, args.reason)
    say(f"key {granted} is now {args.role} in this tournament (recorded; see `arbiter verify`)")
    return exit_codes.OK


def chief_matches(report: SignatureReport, chief: str | None) -> bool:
    """Whether the ledger was made by the chief arbiter's key `chief` (a fingerprint); True when none is given."""
    return chief is None or (report.signed and report.keys[0][0] == chief.strip().lower().replace(":", ""))


def signature_summary(report: SignatureReport, chief: str | None = None) -> str:
    """What `arbiter verify` says about signatures: the verdict, each key with its role, the database users,
    and whether the chief's key is the one expected."""
    if not chief_matches(report, chief):
        made_by = f"the key {report.keys[0][0]}" if report.signed else "no key (it is unsigned)"
        return f"FAILED: the ledger was made by {made_by}, not by the chief arbiter's key {chief}"
    users = "".join(f"\n  database user {user}: {count} events" for user, count in report.session_users)
    if not report.signed:
        return (
            "unsigned: this ledger was made without arbiter keys; events name their actor but carry no signature"
            + users
        )
    keys = "".join(f"\n  key {key} {role}: {count} events signed" for key, role, count in report.keys)
    if not report.ok:
        return f"signatures FAILED at position {report.first_bad_position}: {report.problem}{keys}{users}"
    return f"signed: every event carries a valid signature by a key whose role allowed it{keys}{users}"
