"""The package's metadata: what an index (or a packager) reads about us."""

from __future__ import annotations

import tomllib
from importlib import metadata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def project():
    path = ROOT / "pyproject.toml"
    if not path.exists():
        pytest.skip("not run from a checkout or an unpacked sdist")
    return tomllib.loads(path.read_text(encoding="utf-8"))["project"]


def test_the_licence_is_an_spdx_expression_with_its_texts_beside_it(project):
    assert project["license"] == "MIT"
    for name in project["license-files"]:
        assert (ROOT / name).is_file()
    notice = (ROOT / "NOTICE.md").read_text(encoding="utf-8")
    assert "MEBO Games" in notice and "belong" in notice  # the design is not ours


def test_we_never_upload_and_say_who_and_what_we_are(project):
    assert "Private :: Do Not Upload" in project["classifiers"]
    assert "Topic :: Games/Entertainment :: Board Games" in project["classifiers"]
    assert project["authors"] and project["keywords"]


def test_project_urls_are_https_links_to_the_original_game(project):
    urls = project["urls"]
    assert urls and all(u.startswith("https://") for u in urls.values())
    assert any("mebo.pt" in u for u in urls.values())  # the design's owner, not a made-up home


def test_a_windowed_entry_point_stands_beside_the_console_one(project):
    assert project["scripts"]["hercules"] == "hercules.cli:main"
    assert project["gui-scripts"]["hercules-gui"] == "hercules.cli:main"


def test_the_installed_distribution_carries_its_licence_and_type_marker():
    dist = metadata.distribution("hercules-boardgame")
    assert dist.metadata["License-Expression"] == "MIT"
    files = {str(f) for f in dist.files or ()}
    assert any(f.endswith("LICENSE") for f in files)
    entry = {ep.name: ep for ep in dist.entry_points}
    assert entry["hercules-gui"].group == "gui_scripts"
    import hercules

    assert (Path(hercules.__file__).parent / "py.typed").is_file()


def test_every_package_of_the_checkout_is_in_the_installed_distribution():
    # Packages are discovered (setup.py), not listed by hand: a new game's package ships.
    source = ROOT / "hercules"
    if not (ROOT / "setup.py").exists():
        pytest.skip("not run from a checkout or an unpacked sdist")
    wanted = {
        str(p.parent.relative_to(ROOT)).replace("\\", "/")
        for p in source.rglob("__init__.py")
        if "__pycache__" not in p.parts
    }
    files = metadata.files("hercules-boardgame") or []
    shipped = {str(f.parent).replace("\\", "/") for f in files if f.name == "__init__.py"}
    if not shipped:
        pytest.skip("an editable install lists no package files")
    assert wanted <= shipped, sorted(wanted - shipped)
