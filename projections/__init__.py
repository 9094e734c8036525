"""Folds of the event log into read models: roster, histories, standings, audit; the engines' input."""
