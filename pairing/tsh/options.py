"""Reading the tsh pairing commands' parameters from `PairingInput.options`.

tsh's commands take their parameters on the command line ("koth repeats based-on-round division")
and the rest from `config` lines; here both are option pairs such as ("repeats", "1") or
("spread_thresholds", "250,175,150"). A bad value raises `NoValidPairing` naming the option, so
nothing is paired from a mistyped parameter.
"""

from __future__ import annotations

from pairing.model import NoValidPairing, PairingInput

YES = ("yes", "1", "true", "on")
NO = ("no", "0", "false", "off", "")


def whole_number(request: PairingInput, name: str, default: int, minimum: int = 0) -> int:
    """The option `name` as a whole number of at least `minimum` (`default` when absent)."""
    text = request.option(name, "").strip()
    if not text:
        return default
    if not text.lstrip("-").isdecimal() or int(text) < minimum:
        raise NoValidPairing(f"option {name} must be a whole number of at least {minimum}, not {text!r}")
    return int(text)


def flag(request: PairingInput, name: str, default: bool = False) -> bool:
    """The option `name` as yes/no (tsh's `config name = 1`)."""
    text = request.option(name, "").strip().lower()
    if not text:
        return default
    if text in YES:
        return True
    if text in NO:
        return False
    raise NoValidPairing(f"option {name} must be 'yes' or 'no', not {text!r}")


def number_list(request: PairingInput, name: str, default: tuple[int, ...], minimum: int = 0) -> tuple[int, ...]:
    """The option `name` as a comma- or space-separated list of whole numbers ("250,175,150")."""
    text = request.option(name, "").strip()
    if not text:
        return default
    parts = [part for part in text.replace(",", " ").split() if part]
    if not parts or any(not part.isdecimal() or int(part) < minimum for part in parts):
        raise NoValidPairing(
            f"option {name} must list whole numbers of at least {minimum}, separated by commas, not {text!r}"
        )
    return tuple(int(part) for part in parts)


def choice(request: PairingInput, name: str, choices: tuple[str, ...]) -> str:
    """The option `name`, one of `choices` (the first is the default)."""
    text = request.option(name, "").strip().lower() or choices[0]
    if text not in choices:
        raise NoValidPairing(f"option {name} must be one of {', '.join(choices)}, not {text!r}")
    return text


def repeats(request: PairingInput, default: int = 0) -> int:
    """tsh's `repeats` parameter: "A pairing command with limit R allows p-q only if they have met at
    most R times before" (0: no rematches)."""
    return whole_number(request, "repeats", default)


def last_complete_round(request: PairingInput) -> int:
    """The last round before the one to pair in which every game has a result (0 if none)."""
    for number in range(request.round - 1, 0, -1):
        pending = any(
            record.round == number and record.opponent is not None and record.outcome is None
            for player in request.players
            for record in player.history
        )
        if not pending:
            return number
    return 0


def based_on(request: PairingInput, default: int | None = None) -> int:
    """tsh's `based-on-round` parameter: the standings used are those after this round ("rp 0 7 d":
    based on standings in round 7). Default: the last complete round, or `default` if given."""
    if default is None:
        default = last_complete_round(request)
    value = whole_number(request, "based_on", default)
    if value > request.round - 1:
        raise NoValidPairing(f"option based_on must be a round before the one to pair ({request.round}), not {value}")
    return value
