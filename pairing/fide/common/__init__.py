"""What the FIDE Swiss systems (C.04.3 Dutch, C.04.4.1 Dubov, C.04.4.2 Burstein) share, written once.

`definitions` (the player data every system's Article 1 gives the shared parts, and the arbiter's
forbidden pairs), `legal_pairs` (the [C1]/[C3] graph of who may meet whom, whose completion question
[C4] the cardinality matcher `pairing.cardinality` answers), `bye` (Article 2.1 of Dubov and
Burstein: the pairing-allocated bye, with each system's order as a parameter), `engine` (the one
wrapper that makes a system's `pair` function an `Engine`) and `rating` (the FIDE rating tables, B.02
8.1, read by the performance tie-breaks and the random tournament generator).
"""
