"""Build the download: a one-folder bundle of the game, and an archive of it.

python tools/build_bundle.py [--self-test] [--max-mb MB] [--no-archive]

Needs PyInstaller (`pip install -e ".[bundle]"`). The steps:

1. stage the package as the wheel ships it (`pip install --no-deps --target build/bundle-stage .`),
   so the bundle holds exactly the package data pyproject.toml declares;
2. run PyInstaller with packaging/hercules.spec: dist/hercules/ (the program `hercules`, its
   libraries and data, licenses/, and the list of its files for --self-test);
3. check that every staged data file is in the bundle, and with --self-test run
   `dist/hercules/hercules --self-test` (headless);
4. write dist/hercules-<version>-<platform>.tar.gz (.zip on Windows).

Prints the sizes (unpacked, archived, the largest parts) and the time taken; the last line
is a JSON object of the same. Exits 1 if a step fails or the bundle is larger than --max-mb.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "packaging" / "hercules.spec"
CONFIG = json.loads((ROOT / "packaging" / "bundle.json").read_text(encoding="utf-8"))
NAME = CONFIG["name"]
BUILD = ROOT / "build"
STAGE = BUILD / "bundle-stage"
DIST = ROOT / "dist"
MB = 1024 * 1024
#: The staged packages whose data files the bundle must hold, all of them.
DATA_PACKAGES = ("hercules/assets", "hercules/examples")
SYSTEMS = {"linux": "linux", "win32": "windows", "darwin": "macos"}


class BuildError(Exception):
    """A step of the build failed (the message says which)."""


def platform_tag() -> str:
    """``<system>-<machine>``, e.g. ``linux-x86_64``, ``windows-amd64``, ``macos-arm64``."""
    system = SYSTEMS.get(sys.platform, sys.platform)
    return f"{system}-{platform.machine().lower() or 'unknown'}"


def run(cmd: list[str], what: str, env: dict[str, str] | None = None) -> None:
    """Run a command (its output goes to ours); :class:`BuildError` if it fails."""
    print(f"== {what}: {' '.join(cmd)}", flush=True)
    done = subprocess.run(cmd, cwd=ROOT, env=env, check=False)
    if done.returncode != 0:
        raise BuildError(f"{what} failed (exit {done.returncode})")


def stage() -> str:
    """Install the package, without its dependencies, into the staging folder; its version."""
    shutil.rmtree(STAGE, ignore_errors=True)
    pip = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-compile"]
    run([*pip, "--target", str(STAGE), str(ROOT)], "stage the package")
    for dist in metadata.distributions(path=[str(STAGE)]):
        return str(dist.version)
    raise BuildError(f"no distribution was staged in {STAGE}")


def freeze() -> None:
    """PyInstaller with the spec, into dist/<name>."""
    env = dict(os.environ, HERCULES_BUNDLE_STAGE=str(STAGE))
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN"]
    cmd += ["--distpath", str(DIST), "--workpath", str(BUILD / "pyinstaller"), str(SPEC)]
    run(cmd, "freeze with PyInstaller", env)


def missing_data(bundle: Path) -> list[str]:
    """Staged data files (package data) that are not in the bundle."""
    contents = bundle / "_internal" if (bundle / "_internal").is_dir() else bundle
    missing = []
    for package in DATA_PACKAGES:
        for path in sorted((STAGE / package).rglob("*")):
            if not path.is_file() or path.suffix in (".py", ".pyc") or "__pycache__" in path.parts:
                continue
            rel = path.relative_to(STAGE)
            if not (contents / rel).is_file():
                missing.append(rel.as_posix())
    return missing


def program(bundle: Path) -> Path:
    """The bundle's program that prints (on Windows the console twin of the windowed one)."""
    if sys.platform == "win32":
        return bundle / f"{CONFIG['console_name_windows']}.exe"
    return bundle / NAME


def self_test(bundle: Path) -> str:
    """Run the bundle's ``--self-test`` headless; its verdict. :class:`BuildError` if it fails."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("HERCULES_DATA_DIR", None)
    cmd = [str(program(bundle)), "--self-test"]
    print(f"== self-test in the bundle: {' '.join(cmd)}", flush=True)
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False, timeout=300)
    lines = done.stdout.strip().splitlines()
    verdict = lines[-1] if lines else f"(no verdict; stderr: {done.stderr.strip()[-300:]})"
    print(verdict, flush=True)
    if done.returncode != 0:
        raise BuildError(f"the bundle's self-test failed (exit {done.returncode}): {verdict}")
    return verdict


def archive(bundle: Path, version: str) -> Path:
    """The bundle's folder in an archive named by version and platform."""
    base = DIST / f"{NAME}-{version}-{platform_tag()}"
    files = sorted(p for p in bundle.rglob("*") if p.is_file() or p.is_symlink())
    if sys.platform == "win32":
        out = base.with_suffix(".zip")
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
            for p in files:
                z.write(p, Path(NAME, p.relative_to(bundle)).as_posix())
        return out
    out = Path(f"{base}.tar.gz")
    with tarfile.open(out, "w:gz", compresslevel=9) as tar:
        tar.add(bundle, arcname=NAME)
    return out


def size_of(path: Path) -> int:
    """Bytes of every file under ``path`` (links not followed)."""
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def largest_parts(bundle: Path, count: int = 6) -> list[tuple[str, int]]:
    """The largest files and folders one level inside the contents folder."""
    contents = bundle / "_internal" if (bundle / "_internal").is_dir() else bundle
    parts = [(p.name, size_of(p) if p.is_dir() else p.stat().st_size) for p in contents.iterdir()]
    return sorted(parts, key=lambda x: -x[1])[:count]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--self-test", action="store_true", help="run the bundle's --self-test")
    ap.add_argument("--max-mb", type=float, default=None, help="fail if larger unpacked")
    ap.add_argument("--no-archive", action="store_true", help="leave out the archive")
    args = ap.parse_args(argv)
    start = time.perf_counter()
    bundle = DIST / NAME
    report: dict[str, object] = {"platform": platform_tag()}
    try:
        report["version"] = version = stage()
        freeze()
        missing = missing_data(bundle)
        if missing:
            raise BuildError(f"{len(missing)} data files are not in the bundle: {missing[:8]}")
        report["build_s"] = round(time.perf_counter() - start, 1)
        unpacked = size_of(bundle)
        report["bundle"] = bundle.relative_to(ROOT).as_posix()
        report["files"] = sum(1 for p in bundle.rglob("*") if p.is_file())
        report["unpacked_mb"] = round(unpacked / MB, 1)
        print(f"bundle {report['bundle']}: {report['files']} files, {unpacked / MB:.1f} MB")
        for name, size in largest_parts(bundle):
            print(f"  {name:<40} {size / MB:6.1f} MB")
        if not args.no_archive:
            out = archive(bundle, version)
            report["archive"] = out.relative_to(ROOT).as_posix()
            report["archive_mb"] = round(out.stat().st_size / MB, 1)
            print(f"archive {report['archive']}: {out.stat().st_size / MB:.1f} MB")
        if args.self_test:
            report["self_test"] = self_test(bundle)
        if args.max_mb is not None and unpacked / MB > args.max_mb:
            raise BuildError(f"the bundle is {unpacked / MB:.1f} MB, over {args.max_mb:g} MB")
    except BuildError as exc:
        report["error"] = str(exc)
        print(f"build_bundle: {exc}", file=sys.stderr)
    report["total_s"] = round(time.perf_counter() - start, 1)
    print(f"built in {report.get('build_s', '-')} s; {report['total_s']} s in all")
    print(json.dumps(report))
    return 1 if "error" in report else 0


if __name__ == "__main__":
    sys.exit(main())
