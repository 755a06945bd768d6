"""The MEBO game's own settings (the ``settings`` tool hook): two confirmations of its table.

No pygame: the settings are read before the window opens.
"""

from __future__ import annotations

from hercules.app.settings import GameSetting

#: Ask before ending a turn without a labour; warn before ending one with a labour in reach.
#: Older settings files kept both at their top level, under the same names.
SETTINGS = (
    GameSetting("confirm_end_turn", False, "mebo.setting.confirm", legacy="confirm_end_turn"),
    GameSetting(
        "confirm_end_with_labour",
        True,
        "mebo.setting.ask_labour",
        legacy="confirm_end_with_labour",
    ),
)


def settings() -> tuple[GameSetting, ...]:
    """The settings the MEBO game declares (its section of the settings file)."""
    return SETTINGS
