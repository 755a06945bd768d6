"""Draw the box's icon, as all its art is drawn: by code, in the box's Greek look.

python tools/make_icon.py [--check]

A terracotta tile with a gold Greek-key band top and bottom, a marble medallion in a gold
ring and a laurel wreath, and Hercules' club behind a white die. Colours are the theme's
(assets/ui/theme.json); marble, key band, wreath and die are hercules.ui.draw's.

Writes
  assets/icons/hercules-<size>.png  16, 32, 48, 64, 128, 256 (package data: the window icon,
                                    and the Linux desktop icons of `hercules --install-desktop`)
  packaging/hercules.ico            Windows (PNG images in an ICO container, Vista and later)
  packaging/hercules.icns           macOS (PNG images in an ICNS container)
No Pillow: both containers are a header and a table of PNG files, written here.
``--check`` writes nothing and exits 1 if a file differs from what would be written.
"""

from __future__ import annotations

import argparse
import io
import math
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from hercules.app.bundle import ICON_FOLDER, ICON_SIZES, icon_name  # noqa: E402
from hercules.ui import draw as D  # noqa: E402
from hercules.ui.theme import colour  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
BIG = 512  #: drawn at this size, then scaled down
#: Below this size the key bands and the wreath are left out (they would be grey noise).
DETAIL_FROM = 48
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
#: ICNS element types holding PNG data, by pixel size.
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09"}


def club(surface: pygame.Surface, center: tuple[float, float], length: float) -> None:
    """Hercules' club, head up and to the right: a tapering knotty shaft of wood."""
    wood, dark = colour("torch_handle"), colour("torch_band")
    angle = math.radians(-45)
    ux, uy = math.cos(angle), math.sin(angle)  # along the club, towards the head
    px, py = -uy, ux  # across it
    cx, cy = center

    def at(t: float, w: float) -> tuple[float, float]:
        return (cx + ux * t * length + px * w, cy + uy * t * length + py * w)

    thin, thick = length * 0.055, length * 0.15
    outline = [at(-0.5, -thin), at(0.45, -thick), at(0.5, 0), at(0.45, thick), at(-0.5, thin)]
    pygame.draw.polygon(surface, dark, outline)
    inner = [at(-0.48, -thin * 0.6), at(0.44, -thick * 0.8), at(0.47, 0), at(0.44, thick * 0.8)]
    inner.append(at(-0.48, thin * 0.6))
    pygame.draw.polygon(surface, wood, inner)
    for t, side in ((0.05, -1), (0.22, 1), (0.34, -1)):  # knots
        w = thin + (thick - thin) * (t + 0.5) / 0.95
        pygame.draw.circle(surface, dark, at(t, side * w), length * 0.04)
        pygame.draw.circle(surface, wood, at(t, side * w * 0.92), length * 0.028)
    grip = [at(-0.5, -thin * 1.1), at(-0.36, -thin * 1.2), at(-0.36, thin * 1.2)]
    grip.append(at(-0.5, thin * 1.1))
    pygame.draw.polygon(surface, colour("gold_dark"), grip)


def draw_icon(size: int = BIG, detail: bool = True) -> pygame.Surface:
    """The icon at ``size`` pixels (with or without the fine ornaments)."""
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    k = size / BIG
    tile = pygame.Rect(0, 0, size, size).inflate(-round(16 * k), -round(16 * k))
    radius = round(84 * k)
    pygame.draw.rect(s, colour("terracotta_dark"), tile, border_radius=radius)
    pygame.draw.rect(s, colour("terracotta"), tile.inflate(-round(20 * k), -round(20 * k)),
                     border_radius=round(72 * k))  # fmt: skip
    gold = colour("gold")
    if detail:
        unit = max(2, round(11 * k))
        band_h = 4 * unit + 2
        for y in (tile.y + round(26 * k), tile.bottom - round(26 * k) - band_h):
            band = pygame.Rect(tile.x + round(70 * k), y, tile.w - round(140 * k), band_h)
            D.meander(s, band, gold, unit)
    # The medallion: marble in a gold ring.
    centre = (size // 2, size // 2)
    r = round(170 * k)
    disc = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
    disc.blit(D.marble((2 * r, 2 * r), seed=7), (0, 0))
    mask = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (r, r), r)
    disc.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    s.blit(disc, (centre[0] - r, centre[1] - r))
    pygame.draw.circle(s, colour("gold_dark"), centre, r, max(2, round(14 * k)))
    pygame.draw.circle(s, gold, centre, r - max(1, round(4 * k)), max(1, round(8 * k)))
    if detail:
        D.laurel(s, (centre[0], centre[1] + round(8 * k)), round(132 * k), colour("laurel"))
    club(s, (centre[0] - round(18 * k), centre[1] - round(16 * k)), 300 * k)
    die = D.die_face(5, round(128 * k), colour("white_die"), colour("pip"))
    s.blit(die, die.get_rect(center=(centre[0] + round(52 * k), centre[1] + round(58 * k))))
    return s


def icon(size: int) -> pygame.Surface:
    """The icon at ``size``: drawn big and scaled down (small sizes without ornaments)."""
    big = draw_icon(BIG, detail=size >= DETAIL_FROM)
    return big if size == BIG else pygame.transform.smoothscale(big, (size, size))


def png(surface: pygame.Surface) -> bytes:
    """``surface`` as PNG bytes."""
    out = io.BytesIO()
    pygame.image.save(surface, out, "icon.png")
    return out.getvalue()


def ico(images: dict[int, bytes]) -> bytes:
    """A Windows .ico holding PNG images (sizes up to 256; 256 is written as 0)."""
    head = struct.pack("<HHH", 0, 1, len(images))
    offset = len(head) + 16 * len(images)
    table, body = b"", b""
    for size, data in sorted(images.items()):
        side = 0 if size >= 256 else size
        table += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset + len(body))
        body += data
    return head + table + body


def icns(images: dict[int, bytes]) -> bytes:
    """A macOS .icns holding PNG images, by the element type of each size."""
    body = b"".join(
        ICNS_TYPES[size] + struct.pack(">I", 8 + len(data)) + data
        for size, data in sorted(images.items())
    )
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def outputs() -> dict[Path, bytes]:
    """Every file this script writes, with its bytes."""
    sizes = sorted(set(ICON_SIZES) | set(ICO_SIZES) | set(ICNS_TYPES))
    pngs = {size: png(icon(size)) for size in sizes}
    out = {ROOT / "assets" / ICON_FOLDER / icon_name(s): pngs[s] for s in ICON_SIZES}
    out[ROOT / "packaging" / "hercules.ico"] = ico({s: pngs[s] for s in ICO_SIZES})
    out[ROOT / "packaging" / "hercules.icns"] = icns({s: pngs[s] for s in ICNS_TYPES})
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if a file is out of date")
    args = ap.parse_args(argv)
    pygame.init()
    stale = []
    for path, data in outputs().items():
        if args.check:
            if not path.is_file() or path.read_bytes() != data:
                stale.append(path.relative_to(ROOT).as_posix())
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        print(f"{path.relative_to(ROOT).as_posix()}: {len(data):,} bytes")
    if stale:
        print("out of date (run tools/make_icon.py):", ", ".join(stale))
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
