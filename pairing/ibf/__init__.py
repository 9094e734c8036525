"""Engines for the International Backgammon Federation's Pairing Rules (docs/backgammon-systems.md, docs/brackets.md).

One module per system: `swiss_coefficients` (4.6), `blind_draw` (4.5), `swiss_elimination` (1.4, 4.9, 4.10),
`subgroups` (1.2), `storm` (1.9), `single_elimination` (3.1), `double_elimination` (3.2), `re_entry` (3.3);
shared pieces: `common`, `regulations` (2.2), `swiss` (the 4.6 procedure, with `pairing/cardinality.py`),
`brackets`.
"""
