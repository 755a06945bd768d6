"""The screens of *The Labours of Hercules*: setup, table (4-7 seats), the night of Identity
Confirmation, the end, the rules and the replay."""

__all__: list[str] = []
