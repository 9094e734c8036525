"""The digest of an engine's input, recorded in every `Round.Paired` so a pairing can be checked later."""

from __future__ import annotations

import hashlib
import json
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cattrs.preconf.json import JsonConverter

    from pairing.model import PairingInput


@cache
def _converter() -> JsonConverter:
    """cattrs' JSON converter, made when a pairing is first recorded (loading cattrs costs every other
    command's start-up, docs/performance.md)."""
    from cattrs.preconf.json import make_converter

    return make_converter()


def canonical_input(request: PairingInput) -> str:
    """The input as canonical JSON (sorted keys, no spaces): the same input, the same text."""
    return json.dumps(_converter().unstructure(request), sort_keys=True, separators=(",", ":"))


def input_digest(request: PairingInput) -> str:
    """`sha256:` and the hex digest of the canonical input."""
    return "sha256:" + hashlib.sha256(canonical_input(request).encode()).hexdigest()
