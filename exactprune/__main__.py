"""``python -m exactprune`` is the ``exactprune`` command."""
from .cli import main

raise SystemExit(main())
