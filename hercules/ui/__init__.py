"""The pygame application: scene stack, scenes, drawing and animation.

pygame and pygame_gui are imported here and nowhere below ``hercules.app``.
"""
