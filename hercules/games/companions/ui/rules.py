"""The rules screen: the game's own summary of its rules, then a reference built from the
game's data (every task card with its kind, needs and effects; every character with its
limit and ability), so it always says what the engine plays."""

from __future__ import annotations

from hercules.ui.rules_page import STYLES as PAGE_STYLES
from hercules.ui.rules_page import Row, RulesPage
from hercules.ui.strings import t, text_file

from ..engine.data import load_data
from .words import ability_text, char_name, effect_name, task_title

ASSETS = "games/companions"
#: Line styles: the shell's, with smaller headings.
STYLES = {**PAGE_STYLES, "head": (24, "bold", 1.6)}


def reference_rows() -> list[tuple[str, str]]:
    """The reference as (style, text) rows, in the current language, from the game's data."""
    data = load_data()
    rows = [("head", t("co.rules.ref.cards"))]
    for c in sorted(data.cards.values(), key=lambda c: (c.number, c.variant)):
        bits = [t(f"co.kind.{c.kind}")]
        if c.needs:
            bits.append(t("co.card.needs", items=" ".join(f"#{n}" for n in c.needs)))
        bits += [effect_name(e) for e in (*c.reveal, *c.kept)]
        if c.icons:
            bits.append(t("co.rules.ref.icons", n=c.icons))
        if c.variant:
            bits.append(t(f"co.variant.{c.variant}"))
        rows.append(
            (
                "bullet",
                t("co.rules.ref.card", n=c.number, name=task_title(c.id), what=", ".join(bits)),
            )
        )
    rows.append(("gap", ""))
    rows.append(("head", t("co.rules.ref.characters")))
    for n, ch in sorted(data.characters.items()):
        limit = (
            t("co.rules.ref.limit", n=ch.limit)
            if ch.limit is not None
            else t("co.rules.ref.no_limit")
        )
        rows.append(
            (
                "bullet",
                t(
                    "co.rules.ref.character",
                    n=n,
                    name=char_name(n),
                    limit=limit,
                    ability=ability_text(n),
                ),
            )
        )
    return rows


class RulesScene(RulesPage):
    """The rules summary, then the reference, in a panel that scrolls. Esc or Back returns."""

    styles = STYLES
    title_key = "co.rules.title"
    back_key = "co.rules.back"
    column = 1180

    def rules_text(self) -> str:
        """The game's summary of its rules."""
        return text_file("rules", ASSETS)

    def reference_rows(self) -> list[Row]:
        """The cards and the characters, after a gap."""
        return [("gap", "", "", ""), *((style, text, "", "") for style, text in reference_rows())]
