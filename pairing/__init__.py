"""Pure pairing engines and interchange formats. Imports nothing from the rest of the project."""
