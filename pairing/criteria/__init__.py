"""Criteria shared by several pairing systems, named after their articles."""
