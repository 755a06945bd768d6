"""The Later Years screens: setup, table (auction, plays, hot-seat), game over, rules, replay."""

__all__: list[str] = []
