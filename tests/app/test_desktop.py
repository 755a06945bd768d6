"""The Linux menu entry: the shipped .desktop file's keys, and `--install-desktop`."""

from __future__ import annotations

import configparser
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from hercules import cli
from hercules.app import bundle, desktop


def parse(text: str) -> dict[str, str]:
    """The ``[Desktop Entry]`` group of a desktop file (case kept, no interpolation)."""
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read_string(text)
    assert parser.sections() == ["Desktop Entry"]
    return dict(parser["Desktop Entry"])


def test_the_shipped_entry_is_a_windowed_board_game_with_our_icon():
    keys = parse(desktop.template())
    assert keys["Type"] == "Application"
    assert keys["Name"] == "Hercules"
    assert keys["Comment"] and keys["Exec"] == "hercules"
    assert keys["Icon"] == "hercules"  # the icon theme's name, installed as hercules.png
    assert keys["Terminal"] == "false"
    categories = keys["Categories"].split(";")
    assert categories[-1] == "" and {"Game", "BoardGame"} <= set(categories)
    assert keys["Version"] == "1.0"


@pytest.mark.skipif(not shutil.which("desktop-file-validate"), reason="desktop-file-utils")
def test_the_entry_passes_desktop_file_validate(tmp_path):
    for text in (desktop.template(), desktop.entry(["/opt/my games/hercules"])):
        path = tmp_path / desktop.DESKTOP_FILE
        path.write_text(text, encoding="utf-8")
        done = subprocess.run(["desktop-file-validate", str(path)], capture_output=True, text=True)
        assert done.returncode == 0 and not done.stdout.strip(), done.stdout


@pytest.mark.parametrize(
    ("command", "line"),
    [
        (["/opt/hercules/hercules"], "Exec=/opt/hercules/hercules"),
        (["/opt/my games/hercules"], 'Exec="/opt/my games/hercules"'),
        (["/usr/bin/python3", "-m", "hercules"], "Exec=/usr/bin/python3 -m hercules"),
        (['/a "b"/100%/$x'], 'Exec="/a \\"b\\"/100%%/\\$x"'),
    ],
)
def test_exec_runs_the_installing_program_quoted_as_the_spec_says(command, line):
    text = desktop.entry(command)
    assert line in text.splitlines()
    assert sum(raw.startswith("Exec=") for raw in text.splitlines()) == 1
    rest = parse(text)
    assert rest["Icon"] == "hercules" and rest["Type"] == "Application"


def test_install_writes_the_entry_and_every_icon_size(tmp_path):
    written = desktop.install(tmp_path, ["/opt/hercules/hercules"])
    entry = tmp_path / "applications" / "hercules.desktop"
    assert written[0] == entry
    assert parse(entry.read_text(encoding="utf-8"))["Exec"] == "/opt/hercules/hercules"
    for size in bundle.ICON_SIZES:
        icon = tmp_path / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "hercules.png"
        assert icon in written
        assert icon.read_bytes() == bundle.icon_resource(size).read_bytes()
    assert len(written) == 1 + len(bundle.ICON_SIZES)
    assert not list(tmp_path.rglob("*.bak"))  # installing again leaves no backups behind
    desktop.install(tmp_path, ["/elsewhere/hercules"])
    assert not list(tmp_path.rglob("*.bak"))
    assert parse(entry.read_text(encoding="utf-8"))["Exec"] == "/elsewhere/hercules"


def test_the_program_is_the_running_script_or_python_unresolved(tmp_path, monkeypatch):
    script = tmp_path / "bin" / "hercules"
    script.parent.mkdir()
    script.write_text("#!/bin/sh\n")
    monkeypatch.setattr(sys, "argv", [str(script), "--install-desktop"])
    assert desktop.program() == [str(script)]
    monkeypatch.setattr(sys, "argv", ["pytest"])
    monkeypatch.setenv("PATH", str(tmp_path / "nowhere"))
    link = tmp_path / "venv-python"
    link.symlink_to(sys.executable)
    monkeypatch.setattr(sys, "executable", str(link))
    assert desktop.program() == [str(link), "-m", "hercules"]  # the link, not its target
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert desktop.program() == [str(link)]


def test_the_data_home_follows_xdg_data_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert desktop.data_home() == tmp_path
    monkeypatch.setenv("XDG_DATA_HOME", "relative/ignored")
    assert desktop.data_home() == Path.home() / ".local" / "share"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a Linux desktop's menu")
def test_the_command_line_installs_into_xdg_data_home(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert cli.main(["--install-desktop"]) == 0
    out = capsys.readouterr().out.strip()
    assert out.startswith(f"installed {tmp_path / 'applications' / 'hercules.desktop'}")
    assert len(out.splitlines()) == 1
    exec_line = parse((tmp_path / "applications" / "hercules.desktop").read_text())["Exec"]
    assert exec_line.split()[0].strip('"') == desktop.program()[0]


def test_an_unwritable_folder_is_a_verdict_not_a_traceback(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setattr(sys, "platform", "linux")
    code, verdict = desktop.install_verdict(blocker)
    assert code == 1 and verdict.startswith("install-desktop failed: ")
