"""The ``hercules`` command: start the table."""

from __future__ import annotations

import argparse

from hercules import __version__


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1600x900, not {text!r}") from None
    if w < 1280 or h < 720:
        raise argparse.ArgumentTypeError("the smallest window is 1280x720")
    return w, h


def build_parser() -> argparse.ArgumentParser:
    """The command-line options."""
    parser = argparse.ArgumentParser(
        prog="hercules", description="Hercules: roll, reckon and perform the twelve labours."
    )
    parser.add_argument("--version", action="version", version=f"hercules {__version__}")
    parser.add_argument(
        "--size", type=_size, default=(1600, 900), help="window size, e.g. 1600x900"
    )
    parser.add_argument("--fullscreen", action="store_true", help="start in fullscreen")
    parser.add_argument(
        "--frames", type=int, default=None, help="stop after this many frames (for smoke tests)"
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the game; returns the process exit code."""
    args = build_parser().parse_args(argv)
    from hercules.ui.app import App
    from hercules.ui.scenes.title import TitleScene

    app = App(args.size)
    if args.fullscreen:
        app.toggle_fullscreen()
    app.push(TitleScene(app))
    try:
        app.run(max_frames=args.frames)
    finally:
        app.close()
    return 0
