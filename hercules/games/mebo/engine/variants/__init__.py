"""The rule variants, as a registry (as python-chess's ``VARIANTS`` / ``find_variant``).

``VARIANTS`` maps a mode name to its :class:`Variant`; ``find_variant(name)`` looks one up
and ``register_variant(v)`` adds one. The built-in variants (``standard``, ``simplified``,
``solo``, ``pnp``, in the modules of the same names) are registered by
the engine package when it is imported, which happens before any of its modules is used.
The registry and the protocol a state sees of its variant live in ``state.py``, so that the
state names its variant without an import circle.
"""

from ..state import VARIANTS, VariantRules, find_variant
from .base import Variant, register_variant

__all__ = ["VARIANTS", "Variant", "VariantRules", "find_variant", "register_variant"]
