"""Engines for the FIDE Swiss systems (C.04.3 Dutch, C.04.4.1 Dubov, C.04.4.2 Burstein)."""
