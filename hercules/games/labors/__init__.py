"""*Hercules and the 12 Labors*: the box's solo dice game (engine, solver, table)."""

__all__: list[str] = []
