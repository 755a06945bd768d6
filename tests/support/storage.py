"""Simulated storage failures for tests: a data folder that cannot keep files."""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path

from hercules.app import paths


def under(root: Path, target) -> bool:
    return str(target).startswith(str(root))


def break_folder(case: str, tmp_path: Path, monkeypatch) -> Path:
    """Make the data folder (returned) unusable the way ``case`` says, by simulation."""
    folder = tmp_path / "data"
    if case == "file":
        folder.write_bytes(b"not a folder")
    elif case == "cannot_create":
        real = Path.mkdir

        def mkdir(self, *a, **kw):
            if under(tmp_path, self):
                raise PermissionError(errno.EACCES, "Permission denied", str(self))
            return real(self, *a, **kw)

        monkeypatch.setattr(Path, "mkdir", mkdir)
    elif case == "read_only":
        real_mkstemp = tempfile.mkstemp

        def mkstemp(*a, dir=None, **kw):
            if dir is not None and under(tmp_path, dir):
                raise PermissionError(errno.EACCES, "Permission denied", str(dir))
            return real_mkstemp(*a, dir=dir, **kw)

        monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
    elif case == "full":
        real_replace = os.replace

        def replace(src, dst, *a, **kw):
            if under(tmp_path, dst):
                raise OSError(errno.ENOSPC, "No space left on device")
            return real_replace(src, dst, *a, **kw)

        monkeypatch.setattr(os, "replace", replace)
    paths.set_data_dir(folder)
    return folder


WORDS = {
    "file": "is a file, not a folder",
    "cannot_create": "cannot be created",
    "read_only": "cannot be written to",
    "full": "is full",
}
