"""The rule variants, as a registry (as python-chess's ``VARIANTS`` / ``find_variant``).

``VARIANTS`` maps a mode name to its :class:`Variant`; ``find_variant(name)`` looks one up
and ``register_variant(v)`` adds one. The built-in variants (``standard``, ``simplified``,
``solo``, ``pnp``, in the modules of the same names) are registered by
the engine package when it is imported, which happens before any of its modules is used.
This package's own ``__init__`` imports only :mod:`.base`, so that the game state can name
its variant without an import circle.
"""

from .base import VARIANTS, Variant, find_variant, register_variant

__all__ = ["VARIANTS", "Variant", "find_variant", "register_variant"]
