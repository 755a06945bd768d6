"""The app meets the protocols its scenes are typed against (:mod:`hercules.ui.scene`).

mypy checks the types (the app hands itself to its navigator as a ``Shell``); these check
that every member is there at run time, on the objects the box really builds.
"""

from __future__ import annotations

from hercules.ui.scene import Guide, Navigation, Shell
from hercules.ui.tutorial import Coach


def _members(protocol: type) -> list[str]:
    """The members a protocol declares: its methods, properties and annotated attributes."""
    names = {*vars(protocol), *getattr(protocol, "__annotations__", {})}
    return sorted(n for n in names if not n.startswith("_"))


def test_the_app_has_every_member_of_the_shell(app):
    members = _members(Shell)
    assert {"nav", "ui", "settings", "push", "pop", "replace", "top", "size"} <= set(members)
    assert [n for n in members if not hasattr(app, n)] == []


def test_the_navigator_has_every_member_of_navigation(app):
    members = _members(Navigation)
    assert {"title", "play", "replay", "outcome", "tutorial"} <= set(members)
    assert [n for n in members if not hasattr(app.nav, n)] == []


def test_the_coach_has_every_member_of_a_guide():
    members = _members(Guide)
    assert members == ["draw", "intercept", "stops"]
    assert [n for n in members if not callable(getattr(Coach, n, None))] == []
