"""The pairing digest (`ledger.digest`, recorded in every `Round.Paired`) of a request made of
`pairing.values` classes is the digest attrs classes gave (docs/performance.md, "Start-up, session 9"):
cattrs writes the same canonical text for a `PairingInput` as for its mirror below, the engines'
contract made by `attrs.frozen` from the same declarations, so every digest already recorded still verifies."""

from __future__ import annotations

import enum
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs
import pytest
from cattrs.preconf.json import make_converter
from hypothesis import given
from hypothesis import strategies as st

from ledger.digest import canonical_input, input_digest
from pairing import model
from pairing.model import ByeKind, Float, Outcome, PlayerStatus, Side
from pairing.trf import parse
from pairing.trf.convert import last_paired_round, to_pairing_input
from tests.conftest import DUTCH_REFERENCE

DATA = Path(__file__).resolve().parents[1] / "data"


def _attrs_model() -> ModuleType:
    """`pairing/model.py` run again with attrs' `frozen` and `field` for `pairing.values`' `value` and
    `field`: the same declarations made into attrs classes, as the contract was made before."""
    source = Path(model.__file__).read_text()
    declared = "from pairing.values import field, value\n"
    assert source.count(declared) == 1
    mirror = sys.modules.setdefault("tests.ledger.attrs_model", ModuleType("tests.ledger.attrs_model"))
    exec(
        compile(
            source.replace(declared, "from attrs import field\nfrom attrs import frozen as value\n"),
            model.__file__,
            "exec",
        ),
        mirror.__dict__,
    )
    return mirror


ATTRS_MODEL = _attrs_model()


def _mirrored(given_value: Any) -> Any:
    """The same value made of the attrs model's classes and enums: each field by name, tuples item by item."""
    mirror = getattr(ATTRS_MODEL, type(given_value).__name__, None)
    if isinstance(given_value, enum.Enum):
        return mirror(given_value.value)
    if mirror is not None and attrs.has(mirror):
        return mirror(**{a.name: _mirrored(getattr(given_value, a.name)) for a in attrs.fields(mirror)})
    if isinstance(given_value, tuple):
        return tuple(_mirrored(item) for item in given_value)
    return given_value


def _canonical_of_mirror(request: model.PairingInput) -> str:
    """`canonical_input` as attrs classes gave it: cattrs' JSON converter, sorted keys, no spaces."""
    return json.dumps(make_converter().unstructure(_mirrored(request)), sort_keys=True, separators=(",", ":"))


def test_the_mirror_is_made_by_attrs() -> None:
    """The mirror's classes are attrs' own, not `pairing.values`' (which would compare the code with itself)."""
    for name in ("RoundRecord", "Entrant", "Scoring", "PairingInput"):
        mirror = getattr(ATTRS_MODEL, name)
        assert "__value_fields__" not in vars(mirror) and "__attrs_attrs__" in vars(mirror)
        assert _described(mirror) == _described(getattr(model, name))


def _described(cls: type) -> list[tuple[object, ...]]:
    """What attrs says of each field: name, options, default as written; and its type as written (which
    attrs' `Attribute` no longer holds once cattrs has resolved it)."""
    written = vars(cls)["__annotations__"]
    return [(a.name, written[a.name], a.kw_only, a.eq, a.hash, a.repr, repr(a.default)) for a in attrs.fields(cls)]


points = st.sampled_from([0, 0.0, 0.5, 1, 1.0, 1.5, 3])
optional_int = st.none() | st.integers(-300, 300)
rounds = st.builds(
    model.RoundRecord,
    round=st.integers(1, 11),
    opponent=optional_int,
    side=st.none() | st.sampled_from(Side),
    outcome=st.none() | st.sampled_from(Outcome),
    points=points,
    played=st.booleans(),  # False: a bye, a forfeit, a round not played
    bye=st.none() | st.sampled_from(ByeKind),
    float=st.sampled_from(Float),
    score_for=optional_int,
    score_against=optional_int,
)
entrants = st.builds(
    model.Entrant,
    number=st.integers(1, 999),
    pairing_number=st.integers(1, 999),
    name=st.text(max_size=6),
    rating=st.integers(0, 2900),
    score=points,
    status=st.sampled_from(PlayerStatus),
    history=st.lists(rounds, max_size=4).map(tuple),
    requested_bye=st.none() | st.sampled_from(ByeKind),
    team=st.sampled_from(["", "Ajax"]),
    federation=st.sampled_from(["", "NED", "Ü"]),
    club=st.text(max_size=3),
)
scorings = st.builds(model.Scoring, win=points, draw=points, pairing_allocated_bye=points, forfeit_win=points)
requests = st.builds(
    model.PairingInput,
    system=st.sampled_from(["dutch", "dubov", "burstein", "ibf-swiss", "tsh-chew"]),
    round=st.integers(1, 12),
    total_rounds=st.integers(1, 12),
    players=st.lists(entrants, max_size=6).map(tuple),
    rules_edition=st.sampled_from(["", "2025", "C.04.3 (2025)"]),
    scoring=scorings,
    seed=st.integers(0, 2**63),
    forbidden_pairs=st.lists(st.tuples(st.integers(1, 9), st.integers(1, 9)), max_size=3),
    options=st.sampled_from([(), (("acceleration", "baku"),), (("double", "yes"), ("initial_ranking", "as-given"))]),
)


@given(requests)
def test_a_request_has_the_digest_its_attrs_mirror_has(request: model.PairingInput) -> None:
    """Byes, forfeits (unplayed rounds), floats, requested byes, acceleration options, forbidden pairs
    given unsorted, scores given as int or float: the same canonical text, so the same digest."""
    assert canonical_input(request) == _canonical_of_mirror(request)


def _reference_requests() -> list[pytest.param]:
    """The rounds of the repository's TRF files and a sample of the Dutch reference tournaments (round 1,
    the middle and the last), as `arbiter-pair` reads them."""
    paths = sorted(DATA.glob("*.trf")) + sorted((DATA / "trf").glob("*.trf"))
    paths += sorted(DUTCH_REFERENCE.glob("*.trf"))[::15]
    return [pytest.param(path, id=path.name) for path in paths]


@pytest.mark.parametrize("path", _reference_requests())
def test_a_trf_round_has_the_digest_its_attrs_mirror_has(path: Path) -> None:
    document = parse(path.read_text())
    last = last_paired_round(document)
    total = document.total_rounds or last + 1
    for round_number in sorted({1, (last + 1) // 2 + 1, last + 1} - {total + 1}):
        request = to_pairing_input(document, round_number, total_rounds=total)
        assert canonical_input(request) == _canonical_of_mirror(request)
        assert input_digest(request).startswith("sha256:")
