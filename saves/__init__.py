"""Example saves shipped with Hercules (installed as ``hercules.examples``)."""
