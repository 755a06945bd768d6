"""Package data shipped with Hercules as ``hercules.assets``: card and board data, art."""
