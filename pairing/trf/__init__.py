"""TRF text <-> model: TRF16 (C.04 Annex 2), TRF-2026 and the JaVaFo/bbpPairings extensions.

`parse(text)` reads, `format(document)` writes, and `parse(format(document)) == document`.
`to_pairing_input` turns rounds 1..k of a document into the `PairingInput` for round k + 1.
"""

from pairing.trf.document import TrfDocument
from pairing.trf.reader import TrfSyntaxError, parse
from pairing.trf.writer import format

__all__ = ["TrfDocument", "TrfSyntaxError", "format", "parse"]
