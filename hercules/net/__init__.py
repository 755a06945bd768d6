"""Online play: one authoritative table server, clients at their own machines.

No pygame here. The server (:mod:`.server`, asyncio and ``websockets``) holds every live
table (:mod:`.tables`): a game of the registry, its seats and its log, kept in a database
(:mod:`.store`: SQLite by default) so that a restarted server rebuilds each table from its
seed and log. Every message is JSON (:mod:`.protocol`); what a client receives is always
its own seat's view (``rules.view``) and the events redacted for it, never the state, the
seed or another seat's secrets.
"""

__all__: list[str] = []  # the modules are imported by name: protocol, store, tables, server
