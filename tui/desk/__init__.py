"""The arbiter's desk: the Textual app (`arbiter tui`), its screens and widgets."""
