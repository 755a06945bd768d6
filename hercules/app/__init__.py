"""The application shell: controller, bots host, (later) saves and settings.

Nothing here is specific to Hercules: the controller drives any rules object
that follows :class:`hercules.app.controller.Rules`.
"""
