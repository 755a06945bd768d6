"""Where everything on the table goes, recomputed from the window size (never scaled)."""

from __future__ import annotations

from dataclasses import dataclass, field

from pygame import Rect

from hercules.ui.density import layout_pixels, scale_layout


@dataclass
class TableLayout:
    """Rectangles of the board, stacks, panels and sidebar for one window size."""

    size: tuple[int, int]
    seats: int
    margin: int = 12
    board: Rect = field(default_factory=Rect)
    god_row: Rect = field(default_factory=Rect)
    header: Rect = field(default_factory=Rect)
    columns: list[Rect] = field(default_factory=list)  #: index 0 = start space, 1-12 labours
    rows: list[Rect] = field(default_factory=list)  #: one per seat
    god_slots: list[Rect] = field(default_factory=list)  #: index 1-12 (12 = Zeus/Pantheon)
    stacks_area: Rect = field(default_factory=Rect)
    demigod_slots: list[Rect] = field(default_factory=list)
    vase_slots: list[Rect] = field(default_factory=list)
    white_spot: Rect = field(default_factory=Rect)
    pegasus_spot: Rect = field(default_factory=Rect)
    panels: list[Rect] = field(default_factory=list)
    sidebar: Rect = field(default_factory=Rect)
    prompt_box: Rect = field(default_factory=Rect)
    buttons: Rect = field(default_factory=Rect)
    log_box: Rect = field(default_factory=Rect)
    pieces: list[Rect] = field(default_factory=list)  #: the five board pieces
    body: int = 16  #: body text size in pixels
    small: int = 14
    scale: float = 1.0  #: the player's UI scale (text sizes)
    #: Real pixels per layout pixel (the display's scale): ``size`` is in real pixels, the
    #: table is laid out at ``size`` ÷ this and every place multiplied back, so that a
    #: 2560x1440 window at 200 % looks as 1280x720 does at 100 %, drawn at its real pixels.
    density: float = 1.0

    def __post_init__(self) -> None:
        self.compute()

    def compute(self) -> None:
        """Fill every rectangle from ``size`` and ``seats``."""
        size = self.size
        w, h = layout_pixels(size, self.density)
        m = self.margin
        self.body = max(16, int(h / 50 * self.scale))
        self.small = max(14, int(h / 60 * self.scale))
        # The sidebar grows with larger text (its buttons' words must fit), up to 30 % more.
        sw = max(300, int(w * 0.22 * min(max(self.scale, 1.0), 1.3)))
        self.sidebar = Rect(w - sw - m, m, sw, h - 2 * m)
        left = m
        bw = self.sidebar.x - m - left
        gap = max(4, bw // 200)
        colw = (bw - 4 * gap) / 12.75
        startw = int(colw * 0.75)
        gh = int(h * 0.13)
        card_h = gh - 6
        card_w = min(int(card_h * 0.72), int(colw) - 6)
        card_h = min(card_h, int(card_w / 0.72))
        self.god_row = Rect(left, m, bw, gh)
        hh = max(56, int(h * 0.085))
        rh = max(30, int(h * 0.22 / 4))
        top = self.god_row.bottom + 6
        self.header = Rect(left, top, bw, hh)
        rows_top = top + hh
        self.board = Rect(left, top, bw, hh + rh * self.seats + 8)
        self.columns = []
        self.pieces = []
        x = float(left)
        self.columns.append(Rect(int(x), top, startw, self.board.h))
        self.pieces.append(Rect(int(x), top, startw, self.board.h))
        x += startw + gap
        for _piece in range(4):
            px = int(x)
            for _ in range(3):
                self.columns.append(Rect(int(x), top, int(colw), self.board.h))
                x += colw
            self.pieces.append(Rect(px, top, int(x) - px, self.board.h))
            x += gap
        self.rows = [Rect(left, rows_top + i * rh + 4, bw, rh) for i in range(self.seats)]
        self.god_slots = [Rect(0, 0, 0, 0)]
        for c in range(1, 13):
            r = Rect(0, 0, card_w, card_h)
            r.midbottom = (self.columns[c].centerx, self.god_row.bottom - 2)
            self.god_slots.append(r)
        # Stacks under the board: six demigod decks, five vase stacks, the white die, Pegasus.
        st_top = self.board.bottom + 10
        sh = max(96, int(h * 0.15))
        self.stacks_area = Rect(left, st_top, bw, sh)
        ch = sh - 28
        cw = int(ch * 0.72)
        cw = min(cw, (bw - 40) // 14)
        ch = int(cw / 0.72)
        x = left + 4
        self.demigod_slots = []
        for _ in range(6):
            self.demigod_slots.append(Rect(x, st_top + 24, cw, ch))
            x += cw + max(4, cw // 8)
        x += cw // 3
        vw = int(cw * 0.85)
        vh = int(vw / 0.72)
        self.vase_slots = []
        for _ in range(5):
            self.vase_slots.append(Rect(x, st_top + 24 + (ch - vh), vw, vh))
            x += vw + max(3, vw // 8)
        x += cw // 3
        ds = min(int(ch * 0.55), 64)
        self.white_spot = Rect(x, st_top + 24 + (ch - ds) // 2, ds, ds)
        x += ds + max(10, cw // 3)
        self.pegasus_spot = Rect(x, st_top + 24, cw, ch)
        # Player panels along the bottom.
        p_top = self.stacks_area.bottom + 8
        ph = h - m - p_top
        n = self.seats
        pw = (bw - (n - 1) * 8) // n
        self.panels = [Rect(left + i * (pw + 8), p_top, pw, ph) for i in range(n)]
        # Sidebar: prompt, buttons, log.
        sb = self.sidebar
        self.prompt_box = Rect(sb.x, sb.y, sb.w, int(sb.h * 0.30))
        bh = max(44, int(h * 0.055))
        self.buttons = Rect(sb.x, self.prompt_box.bottom + 8, sb.w, bh * 2 + 8)
        self.log_box = Rect(
            sb.x, self.buttons.bottom + 8, sb.w, sb.bottom - self.buttons.bottom - 8
        )
        scale_layout(self, self.density, ("body", "small"))
        self.size = size

    def cell(self, seat: int, column: int) -> Rect:
        """The square of a seat's row under a column."""
        col = self.columns[column]
        row = self.rows[seat]
        return Rect(col.x, row.y, col.w, row.h)

    def cube_center(self, seat: int, column: int) -> tuple[int, int]:
        """Where a cube sits on the board."""
        c = self.cell(seat, column)
        return (c.centerx + c.w // 5, c.centery)

    def apprentice_center(self, seat: int, column: float) -> tuple[int, int]:
        """Where an Apprentice stands (``column`` may be fractional while walking)."""
        lo = int(column)
        hi = min(lo + 1, 12)
        k = column - lo
        a = self.cell(seat, lo)
        b = self.cell(seat, hi)
        x = a.centerx - a.w // 5 + (b.centerx - a.centerx) * k
        if lo == 0 and k == 0:
            x = a.centerx
        return (int(x), a.centery)
