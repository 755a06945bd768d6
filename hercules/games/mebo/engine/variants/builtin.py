"""Registers the built-in variants, in menu order (imported once by the engine package)."""

from __future__ import annotations

from ..state import VARIANTS
from .base import register_variant
from .pnp import PNP
from .simplified import SIMPLIFIED
from .solo import SOLO
from .standard import STANDARD

for _variant in (STANDARD, SIMPLIFIED, SOLO, PNP):
    if _variant.name not in VARIANTS:
        register_variant(_variant)
