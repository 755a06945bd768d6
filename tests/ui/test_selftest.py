"""`hercules --self-test`: one line of verdict, 0 or 1, and a missing file is named."""

from __future__ import annotations

import json

import pytest

from hercules import cli
from hercules.app import bundle, paths, registry
from hercules.ui import selftest


@pytest.fixture(autouse=True)
def data_folder():
    before = paths.override_dir()
    yield
    assert paths.override_dir() == before  # the self-test leaves the data folder as it was


def test_the_self_test_passes_and_says_what_it_did(capsys, monkeypatch):
    seen = []
    real = selftest.frames
    monkeypatch.setattr(
        selftest,
        "frames",
        lambda app, count=selftest.FRAMES: (seen.append(type(app.top).__name__), real(app, count)),
    )
    assert cli.main(["--self-test"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 1 and out[0].startswith("self-test passed: ")
    ids = registry.REGISTRY.ids()
    assert f"{len(ids)} games opened ({', '.join(ids)})" in out[0]
    assert f"{len(selftest.saves.example_saves())} example saves loaded" in out[0]
    tables = [name for name in seen if name != "TitleScene"]
    assert len(tables) == len(ids) + len(selftest.saves.example_saves())


def test_the_self_test_uses_a_throwaway_data_folder(monkeypatch, tmp_path):
    monkeypatch.setenv(paths.ENV_VAR, str(tmp_path))
    folders = []
    real = selftest.run_checks
    monkeypatch.setattr(
        selftest, "run_checks", lambda: (folders.append(paths.data_dir()), real())[1]
    )
    code, _ = selftest.run()
    assert code == 0
    assert folders and folders[0] != tmp_path and not folders[0].exists()  # gone afterwards
    assert not list(tmp_path.iterdir())  # the player's folder was not touched


def test_a_missing_file_fails_and_is_named(monkeypatch, capsys):
    real = bundle._exists
    gone = ("hercules.assets", "ui/gui_theme.json")
    monkeypatch.setattr(
        bundle, "_exists", lambda pkg, name: (pkg, name) != gone and real(pkg, name)
    )
    assert cli.main(["--self-test"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out == ["self-test failed: 1 file missing: hercules.assets/ui/gui_theme.json"]


def test_a_bundle_missing_files_names_them(monkeypatch, tmp_path):
    names = [f"_internal/lib{i}.so" for i in range(10)]
    (tmp_path / "_internal").mkdir()
    doc = {"format": bundle.MANIFEST_FORMAT, "files": names}
    (tmp_path / "_internal" / bundle.MANIFEST_NAME).write_text(json.dumps(doc))
    monkeypatch.setattr(bundle, "bundle_root", lambda: tmp_path)
    code, verdict = selftest.run()
    assert code == 1
    assert verdict.startswith("self-test failed: 10 files missing: _internal/lib0.so, ")
    assert verdict.endswith("_internal/lib7.so and 2 more")


def test_a_table_that_fails_names_the_game(monkeypatch):
    spec = registry.get_game("labors")

    def broken(variant, kinds, seed):
        raise RuntimeError("the hydra ate the dice\nand the board")

    monkeypatch.setattr(
        registry.REGISTRY,
        "_games",
        {
            **registry.REGISTRY._games,
            "labors": type(spec)(**{**spec.__dict__, "new_controller": broken}),
        },
    )
    code, verdict = selftest.run()
    assert code == 1
    assert verdict == (
        "self-test failed: the table of labors: RuntimeError: the hydra ate the dice and the board"
    )
