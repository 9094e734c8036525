"""Secrets kept out of every output: a PostgreSQL URL is shown with its password masked."""

from __future__ import annotations

from urllib.parse import unquote, urlsplit, urlunsplit

MASK = "***"


def redacted(location: str) -> str:
    """`location` as it may be shown: `postgresql://user:***@host/db` for a URL with a password."""
    parts = urlsplit(location)
    if not parts.scheme.startswith("postgres") or parts.password is None:
        return location
    host = parts.netloc.rpartition("@")[2]
    return urlunsplit(parts._replace(netloc=f"{parts.username or ''}:{MASK}@{host}"))


def without_secrets(text: str, location: str) -> str:
    """`text` (a message, maybe from the database driver) with the location's password masked wherever it appears."""
    parts = urlsplit(location)
    password = parts.password if parts.scheme.startswith("postgres") else None
    text = text.replace(location, redacted(location))
    for secret in {password, unquote(password)} if password else ():
        text = text.replace(secret, MASK)
    return text
