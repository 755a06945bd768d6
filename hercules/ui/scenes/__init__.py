"""The scenes of the application."""
