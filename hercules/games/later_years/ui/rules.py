"""The rules screen: our own summary of the rules, then a reference built from the game's data
(the cards of each kind with their values and marks, and the board's fees), so it always says
what the engine plays."""

from __future__ import annotations

from hercules.games.later_years.engine import load_data
from hercules.games.later_years.engine.data import DRAW
from hercules.ui.rules_page import STYLES as PAGE_STYLES
from hercules.ui.rules_page import Row, RulesPage
from hercules.ui.strings import t, text_file

from .words import type_name

ASSETS = "games/later_years"
#: Line styles: the shell's, with smaller headings.
STYLES = {**PAGE_STYLES, "head": (24, "bold", 1.6)}
#: The indent of bullets.
INDENT = 28


def reference_rows() -> list[tuple[str, str]]:
    """The reference as (style, text) rows, in the current language, from the game's data."""
    data = load_data()
    rows = [("head", t("ly.rules.ref.cards"))]
    counts: dict[str, dict[int, int]] = {}
    for c in data.cards.values():
        counts.setdefault(c.type, {}).setdefault(c.units, 0)
        counts[c.type][c.units] += 1
    for tid, ct in data.types.items():
        n = counts.get(tid, {})
        if ct.kind == DRAW:
            text = t("ly.rules.ref.draw", name=type_name(tid), n=n.get(1, 0), draw=ct.draw)
        else:
            text = t(
                f"ly.rules.ref.{ct.kind}",
                name=type_name(tid),
                value=ct.value,
                single=n.get(1, 0),
                double=n.get(2, 0),
                triple=n.get(3, 0),
            )
        rows.append(("bullet", text))
    rows.append(("gap", ""))
    rows.append(("head", t("ly.rules.ref.board")))
    rows.append(("body", t("ly.rules.ref.board_help")))
    for act in data.rows:
        fees = ", ".join(
            f"{type_name(sp.object)} {sp.fee}" for sp in data.spaces if sp.action == act
        )
        rows.append(("bullet", f"{type_name(act)}: {fees}"))
    return rows


class RulesScene(RulesPage):
    """The rules summary, then the reference, in a panel that scrolls. Esc or Back returns."""

    styles = STYLES
    title_key = "ly.rules.title"
    back_key = "ly.rules.back"
    column = 1180

    @property
    def indent(self) -> int:
        """The indent of bullets (the same at every text scale)."""
        return INDENT

    def rules_text(self) -> str:
        """The game's summary of its rules."""
        return text_file("rules", ASSETS)

    def reference_rows(self) -> list[Row]:
        """The cards and the board's fees, after a gap."""
        return [("gap", "", "", ""), *((style, text, "", "") for style, text in reference_rows())]
