"""The games in the box, one package each; the shell finds them through the registry."""
