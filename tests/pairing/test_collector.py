"""`pairing.collector.long_lived`: the collector paused inside the block, its state given back after it,
and what is alive at the block's end frozen out of later collections."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from pairing.collector import long_lived


@pytest.fixture(autouse=True)
def collector_as_it_was() -> Iterator[None]:
    """Each test leaves the collector of the test session as it found it (on, nothing newly frozen)."""
    enabled = gc.isenabled()
    yield
    gc.unfreeze()
    gc.enable() if enabled else gc.disable()


@pytest.mark.parametrize("enabled", [True, False])
def test_the_collector_is_paused_inside_and_given_back_its_state(enabled: bool) -> None:
    gc.enable() if enabled else gc.disable()
    with long_lived():
        assert not gc.isenabled()
    assert gc.isenabled() is enabled


class Node:
    """A reference cycle of one: only the cyclic collector frees it."""

    def __init__(self) -> None:
        self.itself = self


def test_what_the_block_makes_is_frozen_out_of_collections() -> None:
    gc.unfreeze()
    with long_lived():
        inside = Node()
    after = Node()
    frozen, walked = weakref.ref(inside), weakref.ref(after)
    del inside, after
    gc.collect()
    assert walked() is None  # made after the block: collected
    assert frozen() is not None  # made inside: frozen, never walked (so never freed: long-lived only)
    assert gc.get_freeze_count() > 0


def test_an_error_in_the_block_gives_the_collector_back() -> None:
    gc.enable()
    with pytest.raises(ValueError, match="bad file"), long_lived():
        raise ValueError("bad file")
    assert gc.isenabled()
    assert gc.get_freeze_count() > 0
