"""``python -m hercules``: start the game."""

from hercules.cli import main

raise SystemExit(main())
