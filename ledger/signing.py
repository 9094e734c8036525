"""Arbiters' signing keys (Ed25519, RFC 8032, through PyNaCl/libsodium) and the signature of one event.

An arbiter's key signs every event a command appends: the signature covers the event's hash-chain link
(ARCHITECTURE.md, "The event log": the link already covers the event and every event before it) and the
database user the event was written as, so a signed event cannot be edited, moved or re-attributed
without the signer's key. A key file holds the 32-byte private seed in hex under a one-line header and
is readable by its owner only; the private key is never printed. A key is named by its fingerprint, the
first 16 bytes of SHA-256 over the public key, in hex.
"""

from __future__ import annotations

import hashlib
import os
import stat
from pathlib import Path

from attrs import frozen
from nacl.exceptions import BadSignatureError, CryptoError
from nacl.signing import SigningKey, VerifyKey

from ledger.errors import InvalidInput, Remedy, RemedyAction

KEY_HEADER = "arbiter-ledger ed25519 signing key v1"
"""The first line of a key file (the second is the private seed in hex)."""
SIGNATURE_CONTEXT = b"arbiter-ledger event signature v1\x00"
"""Prefixed to every signed message, so a signature made here means nothing anywhere else."""
KEY_FILE_NAME = "arbiter.key"


def fingerprint(public_key: bytes) -> str:
    """The name of a key: SHA-256 of its public key, first 16 bytes in hex."""
    return hashlib.sha256(public_key).hexdigest()[:32]


def signed_message(link: bytes, session_user: str | None) -> bytes:
    """What a signature covers: the event's chain link and the database user it was written as."""
    return SIGNATURE_CONTEXT + link + (session_user or "").encode()


def default_key_path() -> Path:
    """`$XDG_CONFIG_HOME/arbiter-ledger/arbiter.key` (XDG Base Directory Specification; ~/.config by default)."""
    config = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(config) / "arbiter-ledger" / KEY_FILE_NAME


def public_key_bytes(text: str) -> bytes:
    """A public key as `arbiter key show` prints it (64 hex digits)."""
    try:
        key = bytes.fromhex(text.strip())
    except ValueError:
        key = b""
    if len(key) != 32:
        raise InvalidInput(f"{text!r} is not a public key (64 hexadecimal digits)", Remedy(RemedyAction.SHOW_KEY))
    return key


@frozen
class ArbiterKey:
    """An arbiter's private signing key, loaded from its file."""

    signing_key: SigningKey
    path: Path

    @property
    def public_key(self) -> bytes:
        return bytes(self.signing_key.verify_key)

    @property
    def public_hex(self) -> str:
        return self.public_key.hex()

    @property
    def fingerprint(self) -> str:
        return fingerprint(self.public_key)

    def sign(self, link: bytes, session_user: str | None) -> bytes:
        return self.signing_key.sign(signed_message(link, session_user)).signature

    @classmethod
    def create(cls, path: Path) -> ArbiterKey:
        """A new key in a new file (mode 0600, parent folder 0700 if made); an existing file is kept."""
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        signing_key = SigningKey.generate()
        try:
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            raise InvalidInput(f"{path} already exists; a key file is never overwritten: choose another file") from None
        with os.fdopen(descriptor, "w", encoding="ascii") as out:
            out.write(f"{KEY_HEADER}\n{bytes(signing_key).hex()}\n")
        return cls(signing_key, path)

    @classmethod
    def load(cls, path: Path) -> ArbiterKey:
        """The key in `path`; refused if the file is not a key file or others may read it."""
        try:
            mode = path.stat().st_mode
            lines = path.read_text(encoding="ascii").splitlines()
        except (OSError, UnicodeDecodeError) as error:
            raise InvalidInput(f"cannot read the key file {path}: {error}") from None
        if mode & (stat.S_IRWXG | stat.S_IRWXO):
            raise InvalidInput(
                f"the key file {path} can be read by other users (mode {stat.S_IMODE(mode):o}): "
                f"make it readable by you alone (chmod 600 {path}) and check nobody copied it"
            )
        try:
            if len(lines) != 2 or lines[0] != KEY_HEADER:
                raise ValueError
            return cls(SigningKey(bytes.fromhex(lines[1])), path)
        except (ValueError, CryptoError):
            raise InvalidInput(f"{path} is not an arbiter's key file", Remedy(RemedyAction.MAKE_KEY)) from None


def signature_matches(public_key: bytes, link: bytes, session_user: str | None, signature: bytes) -> bool:
    """Whether `signature` is the key's signature of this event."""
    try:
        VerifyKey(public_key).verify(signed_message(link, session_user), signature)
    except (BadSignatureError, CryptoError, ValueError):
        return False
    return True
