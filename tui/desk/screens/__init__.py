"""The desk's screens, one per arbiter task, and its dialogs."""
