"""The composition root: the `arbiter` CLI and the Textual desk, wiring the ledger to the projections."""
