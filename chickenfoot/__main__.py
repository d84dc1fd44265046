"""``python -m chickenfoot``: the same as the ``chickenfoot`` command."""

from chickenfoot.cli import main

raise SystemExit(main())
