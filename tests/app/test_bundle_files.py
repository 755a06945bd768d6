"""What --self-test checks before it opens a window: every needed file, named if missing."""

from __future__ import annotations

import json
import struct
import sys
from importlib import resources
from pathlib import Path

import pytest

from hercules.app import bundle

ROOT = Path(__file__).resolve().parents[2]


def make_bundle(root: Path, files: list[str], present: list[str]) -> None:
    """A fake one-folder bundle: its manifest lists ``files``; only ``present`` exist."""
    contents = root / bundle.CONTENTS
    contents.mkdir(parents=True)
    doc = {"format": bundle.MANIFEST_FORMAT, "files": files}
    (contents / bundle.MANIFEST_NAME).write_text(json.dumps(doc), encoding="utf-8")
    for name in present:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(b"x")


def test_an_installed_box_has_every_needed_file():
    assert bundle.bundle_root() is None  # the tests run unfrozen
    assert bundle.missing_files() == []
    needed = dict.fromkeys(pkg for pkg, _ in bundle.needed_files())
    assert list(needed) == ["hercules.assets", "pygame_gui.data"]


def test_a_bundle_missing_a_file_names_it(tmp_path):
    files = ["_internal/hercules/assets/ui/theme.json", "_internal/libSDL2.so", "licenses/SDL2.txt"]
    make_bundle(tmp_path, files, files[:1] + files[2:])
    assert bundle.missing_files(tmp_path) == ["_internal/libSDL2.so"]
    assert bundle.checked_count(tmp_path) == len(files) + len(bundle.needed_files())


def test_a_frozen_program_checks_its_own_folder_but_not_inside_a_mac_app(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(tmp_path / "hercules" / "hercules"))
    assert bundle.bundle_root() == tmp_path / "hercules"
    app = tmp_path / "Hercules.app" / "Contents" / "MacOS" / "hercules"
    monkeypatch.setattr(sys, "executable", str(app))
    assert bundle.bundle_root() is None


def test_a_bundle_without_its_list_says_so(tmp_path):
    assert bundle.missing_files(tmp_path) == [f"_internal/{bundle.MANIFEST_NAME}"]


def test_a_damaged_list_is_a_bundle_error(tmp_path):
    make_bundle(tmp_path, [], [])
    (tmp_path / bundle.CONTENTS / bundle.MANIFEST_NAME).write_text('{"format": "other"}')
    with pytest.raises(bundle.BundleError, match="not a hercules-bundle-manifest"):
        bundle.missing_files(tmp_path)
    (tmp_path / bundle.CONTENTS / bundle.MANIFEST_NAME).write_text("{")
    with pytest.raises(bundle.BundleError, match="unreadable"):
        bundle.missing_files(tmp_path)


def test_a_missing_theme_font_is_named(monkeypatch):
    real = bundle._exists
    gone = ("pygame_gui.data", "NotoSans-Bold.ttf")
    monkeypatch.setattr(
        bundle, "_exists", lambda pkg, name: (pkg, name) != gone and real(pkg, name)
    )
    assert bundle.missing_files() == ["pygame_gui.data/NotoSans-Bold.ttf"]


def test_the_icons_are_shipped_at_every_size():
    for size in bundle.ICON_SIZES:
        data = bundle.icon_resource(size).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        assert struct.unpack(">II", data[16:24]) == (size, size)  # the IHDR's width and height


def test_the_windows_icon_holds_png_images_up_to_256():
    data = (ROOT / "packaging" / "hercules.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1) and count >= 5
    sizes = set()
    for i in range(count):
        w, h, _, _, _, bpp, length, offset = struct.unpack(
            "<BBBBHHII", data[6 + 16 * i : 22 + 16 * i]
        )
        assert data[offset : offset + 8] == b"\x89PNG\r\n\x1a\n" and bpp == 32
        assert offset + length <= len(data)
        sizes.add(w or 256)
    assert {16, 32, 48, 256} <= sizes


def test_the_mac_icon_is_an_icns_of_pngs():
    data = (ROOT / "packaging" / "hercules.icns").read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    at, kinds = 8, []
    while at < len(data):
        kind, length = data[at : at + 4], struct.unpack(">I", data[at + 4 : at + 8])[0]
        assert data[at + 8 : at + 16] == b"\x89PNG\r\n\x1a\n"
        kinds.append(kind)
        at += length
    assert at == len(data) and {b"ic07", b"ic08", b"ic09"} <= set(kinds)


def test_the_bundle_keeps_every_font_the_box_loads():
    config = json.loads((ROOT / "packaging" / "bundle.json").read_text(encoding="utf-8"))
    keep = set(config["pygame_gui_fonts"]["keep"])
    theme = json.loads(resources.files("hercules.assets").joinpath("ui", "theme.json").read_text())
    assert set(theme["fonts"].values()) <= keep
    shipped = {p.name for p in resources.files("pygame_gui.data").iterdir()}
    assert keep <= shipped  # every kept font exists in the pygame_gui we build with
    assert not any(name.startswith(("NotoSansJP", "NotoSansSC", "NotoSansKR")) for name in keep)
