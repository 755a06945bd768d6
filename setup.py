"""Package discovery: every package under hercules/ (a new game needs no line here), plus the
two data packages that live at the top level (assets/ and saves/, mapped in pyproject.toml)."""

from setuptools import find_packages, setup

setup(
    packages=[
        *find_packages(include=["hercules", "hercules.*"]),
        "hercules.assets",
        "hercules.examples",
    ]
)
