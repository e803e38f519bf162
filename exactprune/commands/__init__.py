"""Command groups of the ``exactprune`` CLI; each module has ``register(subparsers)``.

Shared helpers: argument types in :mod:`.arguments`, input files in :mod:`.readers`, printing in
:mod:`.output`, the CSV options in :mod:`.csv_options`.
"""
