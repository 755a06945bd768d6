"""The bundle's entry point: the ``hercules`` command (PyInstaller freezes this script)."""

from hercules.cli import main

raise SystemExit(main())
