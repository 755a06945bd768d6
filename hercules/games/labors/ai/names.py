"""English names for the solver's sentences: trials, their dice, cards and spaces."""

from __future__ import annotations

from collections.abc import Sequence

LABOURS = {
    1: "the Nemean Lion",
    2: "the Lernaean Hydra",
    3: "the Ceryneian Hind",
    4: "the Erymanthian Boar",
    5: "the Augean Stables",
    6: "the Stymphalian Birds",
    7: "the Cretan Bull",
    8: "the Mares of Diomedes",
    9: "the Belt of Hippolyta",
    10: "the Cattle of Geryon",
    11: "the Apples of the Hesperides",
    12: "Cerberus",
}
#: How each die of a several-dice trial is told apart (in the order of the data).
DIE_PLACES = {
    4: ("left", "right"),
    5: ("first", "second"),
    6: ("first", "second", "third", "fourth"),
    8: ("first", "second"),
    9: ("left", "centre", "right"),
    10: ("outer left", "inner left", "inner right", "outer right"),
    11: ("left", "right"),
    12: ("first", "second", "third"),
}
CARDS = {
    "BOW": "the Bow",
    "RWD-01": "the Impenetrable Hide",
    "RWD-02": "the Venomous Blood",
    "RWD-03": "the Blessing of Artemis",
    "RWD-04A": "Regret",
    "RWD-04B": "Regret",
    "RWD-05A": "the Immortal Cows",
    "RWD-05B": "the Immortal Cows",
    "RWD-06A": "the Rattle of Athena",
    "RWD-06B": "the Rattle of Athena",
    "RWD-06C": "the Rattle of Athena",
    "RWD-06D": "the Rattle of Athena",
    "RWD-07A": "the Wrath of Hera",
    "RWD-07B": "the Wrath of Hera",
    "RWD-08A": "Zeus' Disregard",
    "RWD-08B": "Zeus' Disregard",
    "RWD-09A": "the Blood of the Amazons",
    "RWD-09B": "the Blood of the Amazons",
    "RWD-10A": "Helios' Golden Cup",
    "RWD-10B": "Helios' Golden Cup",
    "RWD-10C": "Helios' Golden Cup",
    "RWD-11A": "the Golden Apples",
    "RWD-11B": "the Golden Apples",
    "RWD-11C": "the Golden Apples",
    "MOOD-FEROCIOUS": "the Ferocious Mood",
}
MOODS = {
    "MOOD-SORROWFUL": "Sorrowful",
    "MOOD-ENRAGED": "Enraged",
    "MOOD-EXHAUSTED": "Exhausted",
    "MOOD-RESOLUTE": "Resolute",
    "MOOD-FEROCIOUS": "Ferocious",
    "MOOD-HAUNT-A": "Haunted",
    "MOOD-HAUNT-B": "Haunted",
    "MOOD-HAUNT-C": "Haunted",
    "MOOD-HAUNT-D": "Haunted",
    "MOOD-ATLAS": "the Burden of Atlas",
    "MOOD-ABDERUS": "the Ghost of Abderus",
    "MOOD-HIPPOLYTA": "the Ghost of Hippolyta",
    "MOOD-PHOLUS": "the Ghost of Pholus",
}


def trial_die(labour: int, die: int) -> str:
    """The name of Trial die ``die`` of ``labour`` ("the Nemean Lion", "Cerberus's second die")."""
    name = LABOURS.get(labour, f"trial {labour}")
    places = DIE_PLACES.get(labour)
    if not places or die >= len(places):
        return name
    owner = name + ("'" if name.endswith("s") else "'s")
    return f"{owner} {places[die]} die"


def card(key: str) -> str:
    """The card a space key (``"RWD-02.b1"``) or card id belongs to, in words."""
    cid = key.partition(".")[0]
    return CARDS.get(cid, cid)


def faces(values: Sequence[int]) -> str:
    """``[5, 6]`` -> "the 5 and the 6"; ``[3]`` -> "the 3"."""
    words = [f"the {v}" for v in values]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]
