#!/usr/bin/env python3
"""Writes the button and semi-MT captures in Tests/Fixtures/evemu/ (issue #44): touchpads
whose physical buttons are pressed by a finger on the pad, and semi-MT pads tapped, each
written as its kernel driver reports it. Run it again to rewrite them; it is deterministic.

bcm5974-clickfinger.evemu: an Apple MacBook clickpad (INPUT_PROP_BUTTONPAD) under the
  bcm5974 driver of kernels 3.0-3.6, before it tracked slots (drivers/input/mouse/bcm5974.c,
  report_tp_state): every finger the sensor lists is reported in protocol A (SYN_MT_REPORT),
  a lifted one with zero size until the sensor drops it from its list two frames later;
  BTN_TOUCH and BTN_TOOL_* follow a finger count kept with hysteresis, counted only while
  the sensor's *first* listed finger presses (`ptest > PRESSURE_LOW`): when that finger
  lifts before the others, BTN_TOUCH is 0 while they still press; BTN_LEFT is the
  integrated button, in the same report. 8 ms reports. Three clicks, with 1, 2 and 3
  fingers (clickfinger: left, right, middle), the first finger to land lifting first.

synaptics-buttons.evemu: a Synaptics PS/2 touchpad with physical buttons below the pad
  (no INPUT_PROP_BUTTONPAD), two slots, no ABS_MT_PRESSURE (drivers/input/mouse/synaptics.c
  of 3.x kernels): a slot is open while the sensor sees the finger (z > 0); BTN_TOUCH follows
  the pressure with hysteresis (1 above 30, 0 below 25), so a finger that lightens while it
  presses the button below the pad reads BTN_TOUCH 0 with its slot still open; ABS_PRESSURE
  is z. 80 Hz (12.5 ms) reports. In order, 1 s apart:
  1. a finger resting on the pad while the left button is pressed (the resting finger lightens
     as the press pulls it toward the button, and presses again after);
  2. a finger sliding along the bottom edge, light there, pressing the left button as it slides;
  3. a 133 ms stroke of 7.5 mm that slides off the pad's bottom edge, lightening as it goes,
     onto the left button, which it presses as it leaves the pad.
  Each is a click and never a tap.

alps-semi-mt-taps.evemu: an ALPS GlidePoint (INPUT_PROP_SEMI_MT) as drivers/input/mouse/
  alps.c reports it: two slots holding the corners of the fingers' bounding box, not the
  fingers; with one finger both corners are that finger (slot 1 closed); BTN_TOOL_* says the
  count. A 71 ms one-finger tap whose y rolls by about 120 units as the finger lands and
  again as it lifts, ending 1.2 mm from where it landed; a two-finger tap of 225 ms with
  BTN_TOOL_DOUBLETAP for 184 ms of it, the box's x edges never moving and its y edges
  re-forming as the second finger lands and lifts; then a one-finger drag of 15 mm (a pan)
  so that a recognizer which never moves is caught too.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "Tests", "Fixtures", "evemu")

EV_SYN, EV_KEY, EV_ABS = 0, 1, 3
SYN_REPORT, SYN_MT_REPORT = 0, 2
BTN_LEFT, BTN_RIGHT = 0x110, 0x111
BTN_TOOL_FINGER, BTN_TOUCH = 0x145, 0x14A
BTN_TOOL_DOUBLETAP, BTN_TOOL_TRIPLETAP, BTN_TOOL_QUADTAP, BTN_TOOL_QUINTTAP = 0x14D, 0x14E, 0x14F, 0x148
ABS_X, ABS_Y, ABS_PRESSURE, ABS_TOOL_WIDTH = 0x00, 0x01, 0x18, 0x1C
ABS_MT_SLOT, ABS_MT_TOUCH_MAJOR, ABS_MT_TOUCH_MINOR = 0x2F, 0x30, 0x31
ABS_MT_WIDTH_MAJOR, ABS_MT_WIDTH_MINOR, ABS_MT_ORIENTATION = 0x32, 0x33, 0x34
ABS_MT_POSITION_X, ABS_MT_POSITION_Y, ABS_MT_TRACKING_ID = 0x35, 0x36, 0x39
TOOLS = [BTN_TOOL_FINGER, BTN_TOOL_DOUBLETAP, BTN_TOOL_TRIPLETAP, BTN_TOOL_QUADTAP]


def bitmask_lines(prefix, codes, highest):
    data = bytearray(highest // 8 + 1)
    for c in codes:
        data[c // 8] |= 1 << (c % 8)
    out = []
    for i in range(0, len(data), 8):
        out.append(prefix + " ".join("%02x" % b for b in data[i:i + 8]))
    return out


class Capture:
    """An evemu recording being written: a description and events. The input core's habits
    are kept: a key or an absolute axis is written only when its value changes."""

    def __init__(self, name, bus_id, props, keys, axes):
        self.lines = ["# EVEMU 1.3", "# Written by tools/gen-button-captures.py from the driver's source (issue #44)",
                      "N: " + name, "I: %04x %04x %04x %04x" % bus_id]
        self.lines += bitmask_lines("P: ", props, 0x1F)
        self.lines += bitmask_lines("B: 00 ", [EV_SYN, EV_KEY, EV_ABS], 0x1F)
        self.lines += bitmask_lines("B: 01 ", keys, 0x2FF)
        self.lines += bitmask_lines("B: 03 ", sorted(axes), 0x3F)
        for code in sorted(axes):
            lo, hi, fuzz, res = axes[code]
            self.lines.append("A: %02x %d %d %d 0 %d" % (code, lo, hi, fuzz, res))
        self.state = {}
        self.slot = self.written_slot = 0
        self.has_slots = ABS_MT_SLOT in axes
        self.t = 1.0
        self.pending = []

    def ev(self, type_, code, value, always=False):
        # Keys and axes start at 0, as the kernel's do. A slot's axes are kept per slot, and
        # ABS_MT_SLOT is written, as the input core writes it, only before a value that
        # changed in another slot than the one last written.
        if (type_, code) == (EV_ABS, ABS_MT_SLOT):
            self.slot = value
            return
        key = (type_, code)
        mt = type_ == EV_ABS and ABS_MT_TOUCH_MAJOR <= code <= ABS_MT_TRACKING_ID
        if mt:
            key = (type_, code, self.slot)
        if not always and self.state.get(key, 0) == value:
            return
        self.state[key] = value
        if mt and self.slot != self.written_slot and self.has_slots:
            self.pending.append((EV_ABS, ABS_MT_SLOT, self.slot))
            self.written_slot = self.slot
        self.pending.append((type_, code, value))

    def sync(self, always=False):
        if not self.pending and not always:
            return
        for type_, code, value in self.pending + [(EV_SYN, SYN_REPORT, 0)]:
            self.lines.append("E: %.6f %04x %04x %d" % (self.t, type_, code, value))
        self.pending = []

    def write(self, path):
        with open(path, "w") as f:
            f.write("\n".join(self.lines) + "\n")


# --- Apple bcm5974, protocol A (kernels 3.0-3.6) ---------------------------------------

def bcm5974_clickfinger():
    # WELLSPRING5-like ranges, as report_tp_state scaled them: ABS_X 0..1280, ABS_Y 0..800;
    # the MT axes in sensor units. No resolution: the driver set none.
    axes = {ABS_X: (0, 1280, 5, 0), ABS_Y: (0, 800, 3, 0), ABS_PRESSURE: (0, 256, 5, 0),
            ABS_TOOL_WIDTH: (0, 16, 0, 0), ABS_MT_TOUCH_MAJOR: (0, 2048, 0, 0), ABS_MT_TOUCH_MINOR: (0, 2048, 0, 0),
            ABS_MT_WIDTH_MAJOR: (0, 2048, 0, 0), ABS_MT_WIDTH_MINOR: (0, 2048, 0, 0),
            ABS_MT_ORIENTATION: (-16384, 16384, 0, 0), ABS_MT_POSITION_X: (-4415, 5050, 0, 0),
            ABS_MT_POSITION_Y: (-55, 6680, 0, 0)}
    cap = Capture("bcm5974", (0x03, 0x05AC, 0x0245, 0x0005), [0, 2],  # POINTER, BUTTONPAD
                  [BTN_LEFT, BTN_TOOL_FINGER, BTN_TOUCH, BTN_TOOL_DOUBLETAP, BTN_TOOL_TRIPLETAP, BTN_TOOL_QUADTAP], axes)
    pressure_low, pressure_high = 11, 34  # 2 and 6 of the driver's 45 steps of 256
    fingers = [0]  # dev->fingers

    def frame(sensor, button):
        """sensor: list of [force, x, y]; force 0 means lifted but still listed."""
        nmin = nmax = 0
        first = sensor[0] if sensor else None
        ptest = min(256, first[0]) if first else 0
        if first and ptest > pressure_low:
            for f in sensor:
                if f[0] > pressure_low:
                    nmax += 1
                if f[0] > pressure_high:
                    nmin += 1
        if fingers[0] < nmin:
            fingers[0] = nmin
        if fingers[0] > nmax:
            fingers[0] = nmax
        for f in sensor:
            cap.ev(EV_ABS, ABS_MT_TOUCH_MAJOR, f[0] << 1, always=True)
            cap.ev(EV_ABS, ABS_MT_TOUCH_MINOR, (f[0] * 3 // 4) << 1, always=True)
            cap.ev(EV_ABS, ABS_MT_WIDTH_MAJOR, 1700 if f[0] else 0, always=True)
            cap.ev(EV_ABS, ABS_MT_WIDTH_MINOR, 1500 if f[0] else 0, always=True)
            cap.ev(EV_ABS, ABS_MT_ORIENTATION, -700, always=True)
            cap.ev(EV_ABS, ABS_MT_POSITION_X, f[1], always=True)
            cap.ev(EV_ABS, ABS_MT_POSITION_Y, f[2], always=True)
            cap.ev(EV_SYN, SYN_MT_REPORT, 0, always=True)
        n = fingers[0]
        cap.ev(EV_KEY, BTN_TOUCH, 1 if n > 0 else 0)
        for k, code in enumerate(TOOLS):
            cap.ev(EV_KEY, code, 1 if (n == k + 1 or (k == 3 and n > 3)) else 0)
        abs_p = ptest if first and ptest > pressure_low else 0
        cap.ev(EV_ABS, ABS_PRESSURE, abs_p)
        cap.ev(EV_ABS, ABS_TOOL_WIDTH, 7 if abs_p else 0)
        if abs_p:
            cap.ev(EV_ABS, ABS_X, (first[1] + 4415) * 1280 // 9465)
            cap.ev(EV_ABS, ABS_Y, (6680 - first[2]) * 800 // 6735)
        cap.ev(EV_KEY, BTN_LEFT, button)
        cap.sync(always=True)
        cap.t += 0.008

    # Finger k of a click: lands at `land` ms, lifts at `lift` ms; force ramps over 3
    # frames in and out, grows as the pad is pressed; x, y in sensor units.
    def click(spots, lands, lifts, press, release):
        sensor = []  # [force, x, y, index]
        listed_zero = {}
        t0 = cap.t
        end = max(lifts) + 40
        ms = 0
        while ms <= end:
            for k, (x, y) in enumerate(spots):
                present = [s for s in sensor if s[3] == k]
                if lands[k] <= ms < lifts[k]:
                    since = ms - lands[k]
                    until = lifts[k] - ms
                    force = 90
                    if since < 24:
                        force = 30 + since * 2
                    if until < 24:
                        force = max(8, until * 3)
                    if press <= ms < release:
                        force += 60
                    dy = 25 if press <= ms < release else 0  # the press rolls the finger down a little
                    wobble = (ms // 8) % 3 - 1
                    if present:
                        present[0][0:3] = [force, x + wobble * 4, y - dy]
                    else:
                        sensor.append([force, x, y, k])
                elif ms >= lifts[k] and present:
                    present[0][0] = 0
                    listed_zero[k] = listed_zero.get(k, 0) + 1
                    if listed_zero[k] > 2:  # the sensor drops a lifted finger two frames later
                        sensor.remove(present[0])
            frame([s[:3] for s in sensor], 1 if press <= ms < release else 0)
            ms += 8
        # The sensor goes quiet: the last report lists nobody.
        frame([], 0)
        cap.t = t0 + 1.0

    click([(300, 2500)], [0], [256], press=120, release=200)
    click([(-200, 2600), (1400, 2700)], [0, 16], [232, 288], press=112, release=192)
    click([(-1200, 2600), (300, 2900), (1800, 2700)], [0, 8, 24], [240, 288, 304], press=128, release=208)
    return cap


# --- Synaptics PS/2, two slots, physical buttons below the pad -------------------------

def synaptics_buttons():
    # ~100 x 58 mm: 42 and 56 units/mm, as synaptics.c reports the pad's resolution.
    axes = {ABS_X: (1472, 5672, 0, 42), ABS_Y: (1408, 4656, 0, 56), ABS_PRESSURE: (0, 255, 0, 0),
            ABS_TOOL_WIDTH: (0, 15, 0, 0), ABS_MT_SLOT: (0, 1, 0, 0), ABS_MT_POSITION_X: (1472, 5672, 0, 42),
            ABS_MT_POSITION_Y: (1408, 4656, 0, 56), ABS_MT_TRACKING_ID: (0, 65535, 0, 0)}
    cap = Capture("SynPS/2 Synaptics TouchPad", (0x11, 0x02, 0x07, 0x01B1), [0],  # POINTER only
                  [BTN_LEFT, BTN_RIGHT, BTN_TOOL_FINGER, BTN_TOOL_QUINTTAP, BTN_TOUCH, BTN_TOOL_DOUBLETAP,
                   BTN_TOOL_TRIPLETAP, BTN_TOOL_QUADTAP], axes)
    tid = [100]
    touch = [0]
    open_slot = [False]

    def frame(z, x, y, button):
        """One report: z the pressure (0: the sensor sees nothing), x and y in mm."""
        ux = int(round(1472 + x * 42))
        uy = int(round(1408 + y * 56))
        if z > 0:
            cap.ev(EV_ABS, ABS_MT_SLOT, 0)
            if not open_slot[0]:
                tid[0] += 1
                cap.ev(EV_ABS, ABS_MT_TRACKING_ID, tid[0])
                open_slot[0] = True
            cap.ev(EV_ABS, ABS_MT_POSITION_X, ux)
            cap.ev(EV_ABS, ABS_MT_POSITION_Y, uy)
        elif open_slot[0]:
            cap.ev(EV_ABS, ABS_MT_SLOT, 0)
            cap.ev(EV_ABS, ABS_MT_TRACKING_ID, -1)
            open_slot[0] = False
        if z > 30:
            touch[0] = 1
        if z < 25:
            touch[0] = 0
        cap.ev(EV_KEY, BTN_TOUCH, touch[0])
        if z > 0:
            cap.ev(EV_ABS, ABS_X, ux)
            cap.ev(EV_ABS, ABS_Y, uy)
        cap.ev(EV_ABS, ABS_PRESSURE, z)
        cap.ev(EV_ABS, ABS_TOOL_WIDTH, 5 if z > 0 else 0)
        cap.ev(EV_KEY, BTN_TOOL_FINGER, 1 if z > 0 else 0)
        cap.ev(EV_KEY, BTN_LEFT, button)
        cap.sync()
        cap.t += 0.0125

    def gesture(samples):
        """samples: (z, x, y, button) per report; then the sensor sees nothing."""
        t0 = cap.t
        for s in samples:
            frame(*s)
        frame(0, 0, 0, 0)
        cap.t = t0 + 1.0

    # 1. A resting finger at (40, 30) mm, 420 ms; the left button down from 150 to 280 ms.
    #    Pressing pulls the finger toward the button: its pressure dips below 25 for three
    #    reports after the press, and rises again.
    rest = []
    for k in range(34):
        ms = k * 12.5
        z = [20, 45, 60][k] if k < 3 else 62 + (k % 3)
        if 13 <= k <= 15:
            z = 18
        if k >= 31:
            z = [28, 12, 4][k - 31]
        button = 1 if 150 <= ms < 280 else 0
        rest.append((z, 40 + 0.05 * (k % 2), 30, button))
    gesture(rest)

    # 2. Sliding along the bottom edge (y 56 of 58 mm) at 30 mm/s for 500 ms, light there
    #    (z 26-40), the left button pressed from 200 to 330 ms; while it presses the finger
    #    lightens below 25 for two reports at a time, twice.
    slide = []
    for k in range(40):
        ms = k * 12.5
        z = [22, 34][k] if k < 2 else 34 + (k * 7) % 6
        if k in (17, 18, 23, 24):
            z = 21
        if k >= 37:
            z = [24, 12, 3][k - 37]
        button = 1 if 200 <= ms < 330 else 0
        slide.append((z, 20 + 0.030 * ms, 56, button))
    gesture(slide)

    # 3. A 133 ms stroke of 7.5 mm down to the button below the pad: the finger presses for
    #    50 ms, then lightens below 25 as it slides off the pad's edge (1.5 mm, then 6 mm in
    #    the last 80 ms), and presses the button at 100 ms, on its way off the pad.
    stroke = []
    for k in range(11):
        ms = k * 12.5
        z = [26, 40, 52, 50, 44, 24, 20, 16, 12, 8, 4][k]
        y = 49 + (1.5 * ms / 50 if ms <= 50 else 1.5 + 6 * (ms - 50) / 83)
        stroke.append((z, 60, y, 1 if ms >= 100 else 0))
    stroke.append((0, 0, 0, 1))
    stroke.append((0, 0, 0, 1))
    gesture(stroke)
    return cap


# --- ALPS GlidePoint, semi-MT ----------------------------------------------------------

def alps_semi_mt():
    # alps.c v3/v4 protocol: x 0..2000, y 0..1400 over ~100 x 60 mm (no resolution given),
    # two slots holding the bounding box's corners.
    axes = {ABS_X: (0, 2000, 0, 0), ABS_Y: (0, 1400, 0, 0), ABS_PRESSURE: (0, 127, 0, 0),
            ABS_MT_SLOT: (0, 1, 0, 0), ABS_MT_POSITION_X: (0, 2000, 0, 0), ABS_MT_POSITION_Y: (0, 1400, 0, 0),
            ABS_MT_TRACKING_ID: (0, 65535, 0, 0)}
    cap = Capture("AlpsPS/2 ALPS GlidePoint", (0x11, 0x02, 0x08, 0x0300), [0, 3],  # POINTER, SEMI_MT
                  [BTN_LEFT, BTN_RIGHT, BTN_TOOL_FINGER, BTN_TOOL_QUINTTAP, BTN_TOUCH, BTN_TOOL_DOUBLETAP,
                   BTN_TOOL_TRIPLETAP, BTN_TOOL_QUADTAP], axes)
    tid = [200]
    opened = [False, False]

    def frame(fingers, box, z):
        """box: (x1, y1, x2, y2) corners; with one finger both are the finger."""
        for slot in range(2):
            want = fingers > 0 and (slot == 0 or fingers > 1)
            cap.ev(EV_ABS, ABS_MT_SLOT, slot)
            if want and not opened[slot]:
                tid[0] += 1
                cap.ev(EV_ABS, ABS_MT_TRACKING_ID, tid[0])
                opened[slot] = True
            elif not want and opened[slot]:
                cap.ev(EV_ABS, ABS_MT_TRACKING_ID, -1)
                opened[slot] = False
            if want:
                cap.ev(EV_ABS, ABS_MT_POSITION_X, box[0] if slot == 0 else box[2])
                cap.ev(EV_ABS, ABS_MT_POSITION_Y, box[1] if slot == 0 else box[3])
        cap.ev(EV_KEY, BTN_TOUCH, 1 if fingers else 0)
        if fingers:
            cap.ev(EV_ABS, ABS_X, box[0])
            cap.ev(EV_ABS, ABS_Y, box[1])
        cap.ev(EV_ABS, ABS_PRESSURE, z)
        for k, code in enumerate(TOOLS):
            cap.ev(EV_KEY, code, 1 if fingers == k + 1 else 0)
        cap.sync()

    def gesture(frames, period=0.0115 * 1000):
        t0 = cap.t
        for f in frames:
            frame(*f)
            cap.t += period / 1000
        frame(0, (0, 0, 0, 0), 0)
        cap.t = t0 + 1.0

    # One-finger tap, 71 ms (lifted in the seventh report): it lands at y 700, rolls 120
    # units down and back as it lands, and again as it lifts; its last report is 28 units
    # (1.0 mm at the assumed 50 mm height) from where it landed.
    x0, y0 = 900, 700
    ys = [y0, y0 + 120, y0 + 60, y0 + 8, y0 + 10, y0 + 130, y0 + 28]
    zs = [22, 35, 48, 52, 50, 30, 18]
    gesture([(1, (x0 + (k % 2), y, x0 + (k % 2), y), zs[k]) for k, y in enumerate(ys)], period=71.0 / 6)

    # Two-finger tap, 225 ms: A at (800, 1000) lands; B lands 14 mm to its right and 18 mm
    # up, at (1200, 500), 23 ms later. BTN_TOOL_DOUBLETAP for 184 ms. The box's x edges are
    # 800 and 1200 from the first two-finger report on and never move; its top edge starts
    # at A's y (the sensor has not yet resolved B's row) and re-forms up to B over 45 ms,
    # and back down over 35 ms before the count drops as B lifts.
    frames = [(1, (800, 1000, 800, 1000), 30), (1, (800, 1002, 800, 1002), 45)]
    for top in [1000, 860, 720, 580]:
        frames.append((2, (800, top, 1200, 1000), 55))
    while len(frames) < 14:
        frames.append((2, (800, 500 + (len(frames) % 2) * 4, 1200, 1000), 60))
    for top in [640, 790, 930]:
        frames.append((2, (800, top, 1200, 1000), 50))
    frames.append((1, (800, 1000, 800, 1000), 40))
    frames.append((1, (800, 998, 800, 998), 30))
    gesture(frames, period=225.0 / 20)

    # A one-finger drag of 15 mm to the right over 300 ms: a pan.
    gesture([(1, (900 + int(k * 340 / 26), 800, 900 + int(k * 340 / 26), 800), 45) for k in range(27)])
    return cap


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    bcm5974_clickfinger().write(os.path.join(OUT, "bcm5974-clickfinger.evemu"))
    synaptics_buttons().write(os.path.join(OUT, "synaptics-buttons.evemu"))
    alps_semi_mt().write(os.path.join(OUT, "alps-semi-mt-taps.evemu"))
