"""A toy fourth game written only in the tests: a two-player dice race with a hidden card.

It exists to prove the box's contract from the outside: it registers like a real game
(:func:`support.toy_game.spec.register_toy`) and passes the conformance suite
(``tests/conformance``). This file imports nothing, so that its engine stays pure.
"""
