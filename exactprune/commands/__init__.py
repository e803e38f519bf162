"""Command groups of the ``exactprune`` CLI; each module has ``register(subparsers)``.

Shared helpers for reading trees and parameters live in :mod:`exactprune.commands.common`.
"""
