"""The `arbiter` command line (`tui.cli.main`): the verbs, one module per group, each declared next to its handler."""
