"""Synthesise the box's sounds into assets/sounds/ (standard library only, no recordings).

    python tools/make_sounds.py [--out assets/sounds] [--only dice_roll,coin_drop]

Every sound is made here from noise, sines and plucked strings (Karplus-Strong), with one
fixed seed per sound: the same code writes the same bytes. The files are 22,050 Hz, mono,
16-bit WAV (small, and every mixer reads them). ``assets/sounds/sounds.json`` names them
(the catalogue the game loads) and mixes them (each cue's ``gain``); it is kept by hand.

The palette is a Greek one: lyre and kithara plucks in the Dorian mode on D, wooden dice
and cubes, bronze coins.
"""

from __future__ import annotations

import argparse
import io
import math
import random
import struct
import sys
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22_050
ROOT = Path(__file__).resolve().parent.parent
#: Peak level every sound is scaled to (the catalogue's gains mix them).
PEAK = 0.89
#: The ambient theme's length in seconds: every drone frequency and swell is a whole number of
#: cycles in it, and plucked tails wrap round to the start, so the loop has no seam.
LOOP_SECONDS = 24.0

Buf = list[float]


# --- building blocks -----------------------------------------------------------------------------


def silence(seconds: float) -> Buf:
    return [0.0] * int(seconds * RATE)


def mix(into: Buf, sound: Buf, at: float, gain: float = 1.0, wrap: bool = False) -> None:
    """Add ``sound`` into ``into`` from ``at`` seconds (``wrap``: the tail goes round to 0)."""
    start = int(at * RATE)
    n = len(into)
    for i, v in enumerate(sound):
        j = start + i
        if j >= n:
            if not wrap:
                break
            j %= n
        into[j] += v * gain


def noise(seconds: float, rng: random.Random) -> Buf:
    return [rng.uniform(-1.0, 1.0) for _ in range(int(seconds * RATE))]


def lowpass(buf: Buf, cutoff: float) -> Buf:
    """One-pole low-pass (soft, 6 dB per octave)."""
    a = 1.0 - math.exp(-2.0 * math.pi * cutoff / RATE)
    out, y = [], 0.0
    for x in buf:
        y += a * (x - y)
        out.append(y)
    return out


def bandpass(buf: Buf, centre: float, q: float) -> Buf:
    """A resonant band-pass (the RBJ cookbook biquad, constant peak gain)."""
    w = 2.0 * math.pi * centre / RATE
    alpha = math.sin(w) / (2.0 * q)
    b0, b2 = alpha, -alpha
    a0, a1, a2 = 1.0 + alpha, -2.0 * math.cos(w), 1.0 - alpha
    b0, b2, a1, a2 = b0 / a0, b2 / a0, a1 / a0, a2 / a0
    out: Buf = []
    x1 = x2 = y1 = y2 = 0.0
    for x in buf:
        y = b0 * x + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, x, y1, y
        out.append(y)
    return out


def envelope(buf: Buf, attack: float, decay: float) -> Buf:
    """A linear attack over ``attack`` seconds, then exponential decay (time constant)."""
    na = max(1, int(attack * RATE))
    out = []
    for i, v in enumerate(buf):
        if i < na:
            g = i / na
        else:
            g = math.exp(-(i - na) / (decay * RATE))
        out.append(v * g)
    return out


def damped(freq: float, seconds: float, decay: float, phase: float = 0.0) -> Buf:
    """A sine that dies away (a struck wooden or metal body's mode)."""
    w = 2.0 * math.pi * freq / RATE
    return [
        math.sin(w * i + phase) * math.exp(-i / (decay * RATE)) for i in range(int(seconds * RATE))
    ]


def pluck(
    freq: float, seconds: float, rng: random.Random, decay: float = 0.996, bright: float = 0.5
) -> Buf:
    """A plucked gut string (Karplus-Strong): a burst of noise in a loop that softens.

    ``bright`` (0-1): how hard the pluck (the burst's own low-pass); ``decay``: the loop's loss
    per pass. The delay is read between samples so that high notes stay in tune.
    """
    period = RATE / freq
    size = int(period) + 2
    burst = lowpass([rng.uniform(-1.0, 1.0) for _ in range(size)], 800 + 6000 * bright)
    mean = sum(burst) / size
    line = [v - mean for v in burst]  # no offset: a string at rest is silent
    out: Buf = []
    frac = period - int(period)
    n = int(seconds * RATE)
    pos = 0
    prev = 0.0
    for _ in range(n):
        a = line[pos % size]
        b = line[(pos + 1) % size]
        v = a + (b - a) * frac
        out.append(v)
        # the loop's filter: average with the last sample (a gentle low-pass), then a loss
        new = decay * 0.5 * (v + prev)
        prev = v
        line[(pos + int(period)) % size] = new
        pos += 1
    # a gut string's body: a soft second pluck an octave up fades fast, the wood resonates
    return [v * (0.6 + 0.4 * math.exp(-i / (0.05 * RATE))) for i, v in enumerate(out)]


def lyre(freq: float, seconds: float, rng: random.Random, bright: float = 0.45) -> Buf:
    """A lyre note: a plucked string with its body's warmth (a low-passed copy beneath)."""
    # Higher strings lose their sparkle faster, as on a real lyre.
    decay = 0.9985 if freq < 300 else 0.997 if freq < 500 else 0.995
    s = pluck(freq, seconds, rng, decay, bright)
    warm = lowpass(s, 900)
    out = [0.65 * a + 0.5 * b for a, b in zip(s, warm, strict=True)]
    fade = int(0.03 * RATE)  # no click where the note is cut
    for i in range(1, min(fade, len(out)) + 1):
        out[-i] *= (i - 1) / fade
    return out


def normalise(buf: Buf, peak: float = PEAK) -> Buf:
    top = max((abs(v) for v in buf), default=0.0)
    return [v * peak / top for v in buf] if top > 0 else buf


def fade_edges(buf: Buf, fade_in: float = 0.002, fade_out: float = 0.02) -> Buf:
    """No clicks at the ends of a one-shot sound."""
    out = list(buf)
    n_in, n_out = int(fade_in * RATE), int(fade_out * RATE)
    for i in range(min(n_in, len(out))):
        out[i] *= i / n_in
    for i in range(1, min(n_out, len(out)) + 1):
        out[-i] *= (i - 1) / n_out
    return out


# Dorian on D: D E F G A B C, and the notes used.
NOTE = {
    "D2": 73.42, "A2": 110.0, "D3": 146.83, "E3": 164.81, "F3": 174.61, "G3": 196.0,
    "A3": 220.0, "B3": 246.94, "C4": 261.63, "D4": 293.66, "E4": 329.63, "F4": 349.23,
    "F#4": 369.99, "G4": 392.0, "A4": 440.0, "B4": 493.88, "C5": 523.25, "D5": 587.33,
    "E5": 659.26, "F#5": 739.99, "A5": 880.0,
}  # fmt: skip


# --- the sounds ----------------------------------------------------------------------------------


def knock(rng: random.Random, pitch: float, length: float = 0.06, hard: float = 1.0) -> Buf:
    """A small wooden body striking the table: a click of noise and two short modes."""
    click = envelope(bandpass(noise(length, rng), pitch * 1.7, 1.2), 0.0005, 0.004)
    body = damped(pitch, length, 0.012 * hard, rng.uniform(0, 6.28))
    ring = damped(pitch * 2.31, length, 0.006, rng.uniform(0, 6.28))
    return [0.9 * c + 0.6 * b + 0.3 * r for c, b, r in zip(click, body, ring, strict=True)]


def dice_roll(rng: random.Random) -> Buf:
    """Two dice thrown: a tumbling rattle whose bounces come faster and softer."""
    out = silence(0.62)
    for die in range(2):
        t, gap, level = 0.004 + die * 0.021, 0.085 + die * 0.01, 1.0
        while t < 0.56 and level > 0.08:
            mix(out, knock(rng, rng.uniform(1300, 2200), hard=level), t, level)
            t += gap * rng.uniform(0.8, 1.2)
            gap *= 0.82
            level *= 0.8
    # the felt under the dice: a faint rumble while they roll
    rumble = envelope(lowpass(noise(0.5, rng), 500), 0.03, 0.15)
    mix(out, rumble, 0.0, 0.25)
    return fade_edges(out)


def dice_settle(rng: random.Random) -> Buf:
    """Dice coming to rest: a last clack, a wobble, stillness."""
    out = silence(0.26)
    for t, level in ((0.0, 1.0), (0.045, 0.45), (0.075, 0.3), (0.1, 0.15)):
        mix(out, knock(rng, rng.uniform(1400, 1900), hard=level), t, level)
    return fade_edges(out)


def die_turn(rng: random.Random) -> Buf:
    """One die turned to another face by hand: a soft tock."""
    out = silence(0.1)
    mix(out, knock(rng, 1100, hard=0.6), 0.0, 0.7)
    return fade_edges(lowpass(out, 3500))


def swish(rng: random.Random, seconds: float, low: float, high: float) -> Buf:
    """Paper over felt: noise through a band that sweeps from ``low`` to ``high`` Hz."""
    raw = noise(seconds, rng)
    out: Buf = []
    chunk = 220
    for k in range(0, len(raw), chunk):
        part = raw[k : k + chunk]
        p = k / len(raw)
        out.extend(bandpass(part, low + (high - low) * p, 0.9))
    n = len(out)
    # a rounded swell, not a box: the card speeds up then slows to rest
    return [v * math.sin(math.pi * i / n) ** 1.5 for i, v in enumerate(out)]


def card_slide(rng: random.Random) -> Buf:
    """A card sliding across the table."""
    return fade_edges(swish(rng, 0.32, 1200, 2600))


def card_flip(rng: random.Random) -> Buf:
    """A card turned over: a short swish and the snap of it landing."""
    out = silence(0.2)
    mix(out, swish(rng, 0.11, 2500, 4200), 0.0, 0.8)
    snap = envelope(bandpass(noise(0.05, rng), 3000, 1.0), 0.0008, 0.008)
    mix(out, snap, 0.105, 0.9)
    return fade_edges(out)


def cube_drop(rng: random.Random) -> Buf:
    """A wooden cube dropped on the board: a knock and two small bounces."""
    out = silence(0.3)
    for t, level in ((0.0, 1.0), (0.085, 0.35), (0.14, 0.12)):
        pitch = rng.uniform(700, 780)
        mix(out, knock(rng, pitch, 0.09, hard=1.4 * level + 0.3), t, level)
    return fade_edges(lowpass(out, 5000))


def clink(rng: random.Random, base: float, seconds: float) -> Buf:
    """A bronze coin struck: bright inharmonic partials that die fast."""
    out = silence(seconds)
    for ratio, level, decay in ((1.0, 1.0, 0.16), (1.47, 0.7, 0.12), (2.09, 0.5, 0.09),
                                (2.56, 0.35, 0.07), (3.27, 0.25, 0.05)):  # fmt: skip
        mix(out, damped(base * ratio, seconds, decay, rng.uniform(0, 6.28)), 0.0, level)
    tick = envelope(bandpass(noise(0.01, rng), 6000, 1.5), 0.0003, 0.002)
    mix(out, tick, 0.0, 0.8)
    return out


def coin_drop(rng: random.Random) -> Buf:
    """A coin dropped on others: a clink, a bounce, a short shiver as it settles."""
    out = silence(0.5)
    base = rng.uniform(1900, 2100)
    mix(out, clink(rng, base, 0.45), 0.0, 1.0)
    mix(out, clink(rng, base * 1.02, 0.3), 0.09, 0.4)
    for k in range(5):  # the rim spinning down
        mix(out, clink(rng, base * 0.98, 0.08), 0.16 + 0.03 * k * (1 - 0.12 * k), 0.12)
    return fade_edges(out)


def step(rng: random.Random) -> Buf:
    """One soft footstep on stone: a low thump with a scuff."""
    n = int(0.13 * RATE)
    out: Buf = []
    phase = 0.0
    for i in range(n):
        f = 60 + 45 * math.exp(-i / (0.02 * RATE))  # the thump's pitch falls as it dies
        phase += 2 * math.pi * f / RATE
        out.append(math.sin(phase) * math.exp(-i / (0.035 * RATE)))
    scuff = envelope(lowpass(noise(0.13, rng), 1800), 0.004, 0.02)
    mix(out, scuff, 0.0, 0.35)
    return fade_edges(out, 0.001, 0.02)


def strum(
    rng: random.Random, notes: list[str], seconds: float, spread: float = 0.028, bright: float = 0.5
) -> Buf:
    """Fingers drawn across the strings of a kithara, low to high."""
    out = silence(seconds + spread * len(notes))
    for k, name in enumerate(notes):
        mix(out, lyre(NOTE[name], seconds, rng, bright), k * spread, 1.0 - 0.06 * k)
    return out


def labour(rng: random.Random) -> Buf:
    """A labour performed: a bright strum (G major, inside D Dorian)."""
    return fade_edges(strum(rng, ["G3", "D4", "G4", "B4", "D5"], 1.0, 0.03, 0.6))


def hurt(rng: random.Random) -> Buf:
    """Courage lost: a dull blow and a low string that sags."""
    out = silence(0.5)
    mix(out, step(rng), 0.0, 1.0)
    # two low strings a semitone apart: a sour interval, muffled
    mix(out, lyre(NOTE["D3"], 0.45, rng, 0.3), 0.02, 0.5)
    mix(out, lyre(NOTE["D3"] * 1.06, 0.4, rng, 0.3), 0.03, 0.35)
    return fade_edges(lowpass(out, 2500))


def drum(rng: random.Random, seconds: float) -> Buf:
    """A frame drum: a falling low tone and the skin's hiss."""
    n = int(seconds * RATE)
    out: Buf = []
    phase = 0.0
    for i in range(n):
        f = 70 + 50 * math.exp(-i / (0.03 * RATE))
        phase += 2 * math.pi * f / RATE
        out.append(math.sin(phase) * math.exp(-i / (0.18 * RATE)))
    mix(out, envelope(lowpass(noise(seconds, rng), 3000), 0.001, 0.03), 0.0, 0.3)
    return out


def trial_beaten(rng: random.Random) -> Buf:
    """A trial beaten: a drum, a rising fourth on the lyre, a strum to close it."""
    out = silence(1.5)
    mix(out, drum(rng, 0.6), 0.0, 0.8)
    mix(out, lyre(NOTE["A4"], 0.5, rng, 0.55), 0.02, 0.8)
    mix(out, lyre(NOTE["D5"], 1.2, rng, 0.55), 0.2, 0.85)
    mix(out, strum(rng, ["D3", "A3", "D4", "F#4", "A4"], 1.1, 0.025, 0.45), 0.2, 0.55)
    return fade_edges(out, 0.002, 0.15)


def victory(rng: random.Random) -> Buf:
    """Victory: a rising arpeggio in D major on the kithara, a drum, a ringing chord."""
    out = silence(3.0)
    for k, name in enumerate(["D4", "F#4", "A4", "D5", "F#5"]):
        mix(out, lyre(NOTE[name], 1.6, rng, 0.6), 0.13 * k, 0.85)
    mix(out, drum(rng, 0.8), 0.65, 0.7)
    mix(out, strum(rng, ["D3", "A3", "D4", "F#4", "A4", "D5"], 2.2, 0.03, 0.5), 0.66, 0.7)
    mix(out, lyre(NOTE["A5"], 1.8, rng, 0.5), 0.8, 0.5)
    return fade_edges(out, 0.002, 0.4)


def defeat(rng: random.Random) -> Buf:
    """Defeat: a slow phrase falling through D Dorian over a low drone, ending on D."""
    out = silence(3.2)
    drone = [
        0.25 * math.sin(2 * math.pi * NOTE["D3"] * i / RATE) * min(1.0, i / (0.4 * RATE))
        for i in range(int(3.2 * RATE))
    ]
    mix(out, drone, 0.0, 0.6)
    for k, name in enumerate(["A4", "G4", "F4", "E4"]):
        mix(out, lyre(NOTE[name], 0.9, rng, 0.35), 0.32 * k, 0.8)
    mix(out, lyre(NOTE["D4"], 1.9, rng, 0.3), 1.35, 0.9)
    mix(out, lyre(NOTE["A3"], 1.8, rng, 0.3), 1.37, 0.5)
    return fade_edges(out, 0.002, 0.8)


def click(rng: random.Random) -> Buf:
    """A button pressed: a tiny wooden tick (quiet in the catalogue)."""
    out = silence(0.035)
    mix(out, knock(rng, 1800, 0.03, hard=0.4), 0.0, 1.0)
    return fade_edges(out, 0.0005, 0.01)


def ambient(rng: random.Random) -> Buf:
    """The table's theme: a soft drone on D and A with a lyre wandering slowly in Dorian.

    It loops without a seam: the drone's frequencies and swells are whole numbers of cycles
    in :data:`LOOP_SECONDS`, and each pluck's tail wraps round to the start.
    """
    n = int(LOOP_SECONDS * RATE)
    out = [0.0] * n

    def cycles(freq: float) -> float:
        """The nearest frequency with a whole number of cycles in the loop."""
        return round(freq * LOOP_SECONDS) / LOOP_SECONDS

    voices = [  # (frequency, level, swell period in loops, swell phase)
        (cycles(NOTE["D2"]), 0.30, 1, 0.0),
        (cycles(NOTE["A2"]), 0.18, 2, 1.3),
        (cycles(NOTE["D3"]), 0.10, 3, 2.1),
        (cycles(NOTE["D3"] + 0.25), 0.06, 1, 4.0),  # a slow beat against D3: air moving
    ]
    for freq, level, swells, phase in voices:
        w = 2 * math.pi * freq / RATE
        ws = 2 * math.pi * swells / n
        for i in range(n):
            out[i] += level * math.sin(w * i) * (0.7 + 0.3 * math.sin(ws * i + phase))
    # Filtered round the loop (primed with its own end), so the seam is as smooth as the rest.
    out = lowpass(out + out, 700)[n:]
    # The lyre: phrases of a few notes, unhurried, rests between them.
    scale = ["D4", "E4", "F4", "G4", "A4", "B4", "C5", "D5", "A3", "D3"]
    t = 0.6
    while t < LOOP_SECONDS - 0.5:
        phrase = rng.randint(2, 4)
        k = rng.randrange(8)
        for _ in range(phrase):
            name = scale[k]
            mix(out, lyre(NOTE[name], 3.0, rng, 0.28), t, rng.uniform(0.25, 0.4), wrap=True)
            if rng.random() < 0.3:  # now and then the fifth below, softly
                mix(out, lyre(NOTE[name] * 2 / 3, 3.0, rng, 0.2), t + 0.01, 0.15, wrap=True)
            t += rng.choice((0.45, 0.6, 0.9))
            k = max(0, min(7, k + rng.choice((-2, -1, -1, 1, 1, 2))))
        t += rng.uniform(1.6, 3.2)
    return out


#: Every sound: its file's stem and what makes it (each with its own fixed seed).
SOUNDS: dict[str, Callable[[random.Random], Buf]] = {
    "dice_roll": dice_roll,
    "dice_settle": dice_settle,
    "die_turn": die_turn,
    "card_slide": card_slide,
    "card_flip": card_flip,
    "cube_drop": cube_drop,
    "coin_drop": coin_drop,
    "step": step,
    "labour": labour,
    "hurt": hurt,
    "trial_beaten": trial_beaten,
    "victory": victory,
    "defeat": defeat,
    "click": click,
    "ambient": ambient,
}


def render(name: str) -> bytes:
    """The WAV file of one sound (the same bytes on every run)."""
    rng = random.Random(f"hercules-sound-{name}")
    samples = normalise(SOUNDS[name](rng))
    frames = struct.pack(
        f"<{len(samples)}h", *(max(-32767, min(32767, round(v * 32767))) for v in samples)
    )
    out = io.BytesIO()
    with wave.open(out, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="synthesise the box's sounds")
    p.add_argument("--out", type=Path, default=ROOT / "assets" / "sounds")
    p.add_argument("--only", default="", help="comma-separated sound names (default: all)")
    args = p.parse_args(argv)
    names = [n for n in args.only.split(",") if n] or list(SOUNDS)
    unknown = [n for n in names if n not in SOUNDS]
    if unknown:
        p.error(f"unknown sounds: {', '.join(unknown)} (known: {', '.join(SOUNDS)})")
    args.out.mkdir(parents=True, exist_ok=True)
    for name in names:
        data = render(name)
        (args.out / f"{name}.wav").write_bytes(data)
        seconds = (len(data) - 44) / 2 / RATE
        print(f"{name}.wav  {seconds:5.2f} s  {len(data) / 1024:7.1f} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
