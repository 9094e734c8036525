"""An elimination bracket drawn as a text tree (IBF Pairing Rules 3.1-3.3): the first round on the left,
each match's two entries with the score each made beside the name, joined by a bracket line to the
winner, who is carried to the next match on the right.

```
1 Ann      5 ─┐
              ├─ 1 Ann      5 ─┐
8 Hal      2 ─┘                │
                               ├─ 1 Ann (champion)
4 Dan      3 ─┐                │
              ├─ 5 Eve      1 ─┘
5 Eve      5 ─┘
```

Plain text: printed as it is (no markup is read in a name).
"""

from __future__ import annotations

from pairing.ibf.brackets import SlotKind
from projections.bracket_tree import BracketTree, Entry, MatchNode

NAME_WIDTH = 24


def entry_text(entry: Entry) -> str:
    """`12 Name` and the score the player made in the match."""
    if entry.kind is SlotKind.VIRTUAL:
        who = "(bye: virtual player)"
    elif entry.kind is SlotKind.OPEN or entry.number is None:
        who = "..."
    else:
        who = f"{entry.number} {entry.name}"
    if len(who) > NAME_WIDTH:
        who = who[: NAME_WIDTH - 1] + "…"
    return f"{who:<{NAME_WIDTH}} {entry.score:>3}"


def _side(node: MatchNode | None, entry: Entry) -> tuple[list[str], int]:
    """The lines of one side of a match and the row where its entry stands (the feeding match's winner
    line, or the entry alone)."""
    if node is None:
        return [entry_text(entry)], 0
    lines, row = _match(node)
    lines[row] += " " + entry_text(entry)
    return lines, row


def _match(node: MatchNode) -> tuple[list[str], int]:
    """The match's lines with its bracket line drawn; the returned row is where its winner goes. An
    entry without a feeding match (a seed, a loser coming down to the lower bracket) stands right
    against the bracket line, in the column of the round it enters."""
    top, top_row = _side(node.top_from, node.top)
    bottom, bottom_row = _side(node.bottom_from, node.bottom)
    lines = [*top, "", *bottom]
    bottom_row += len(top) + 1
    width = max(len(line) for line in lines)
    middle = (top_row + bottom_row) // 2
    leaves = {row for row, fed in ((top_row, node.top_from), (bottom_row, node.bottom_from)) if fed is None}
    drawn = []
    for row, line in enumerate(lines):
        line = line.rjust(width) if row in leaves else line.ljust(width)
        if row == top_row:
            line += " ─┐"
        elif row == bottom_row:
            line += " ─┘"
        elif row == middle:
            line += "  ├─"
        elif top_row < row < bottom_row:
            line += "  │"
        drawn.append(line)
    return drawn, middle


def match_lines(node: MatchNode) -> list[str]:
    """One tree: the root match and everything that fed it, its winner on the right."""
    lines, row = _match(node)
    winner = node.winner
    lines[row] += f" {winner.number} {winner.name}" if winner is not None else " ..."
    return [line.rstrip() for line in lines]


def _who(entry: Entry) -> str:
    if entry.kind is SlotKind.VIRTUAL:
        return "(virtual player)"
    return f"{entry.number} {entry.name}" if entry.number is not None else "..."


def match_line(node: MatchNode) -> str:
    """`R1.2  4 Dan 2-5 5 Eve  advances: 5 Eve`: one match of the round-by-round list."""
    score = f" {node.top.score}-{node.bottom.score} " if node.top.score or node.bottom.score else " - "
    winner = node.winner
    outcome = f"advances: {_who(winner)}" if winner is not None else node.result.value
    if winner is not None and node.result.value != "played":
        outcome += f" ({node.result.value})"
    return f"  {node.label:<6} {_who(node.top)}{score}{_who(node.bottom)}   {outcome}"


def trees(tree: BracketTree) -> list[str]:
    """Every tree of the bracket, each headed by its deciding match."""
    parts = []
    for root in tree.roots:
        parts.append(f"{root.round_name} ({root.label}, round {root.round})")
        parts.extend(match_lines(root))
        parts.append("")
    return parts


def tree_text(tree: BracketTree) -> str:
    """The trees; the matches round by round, with their labels; then the places decided so far."""
    parts = trees(tree)
    for bracket_round in tree.rounds:
        parts.append(f"{bracket_round.name} (round {bracket_round.round})")
        parts.extend(match_line(node) for node in bracket_round.matches)
    parts.append("")
    if tree.places:
        parts.append("Places: " + ", ".join(f"{place} {number} {name}" for place, number, name in tree.places))
    return "\n".join(parts).rstrip() + "\n"
