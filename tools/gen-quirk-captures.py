#!/usr/bin/env python3
"""Writes the driver-quirk captures in Tests/Fixtures/getevent/ (issue #29): Android
`getevent -lt` captures of a phone whose touch driver speaks multitouch protocol A
(SYN_MT_REPORT) with ABS_MT_TRACKING_ID, as many Android drivers do. Written from the
kernel's Documentation/input/multi-touch-protocol.rst and those drivers' habits:

- each contact: its tracking id, size, position and pressure, then SYN_MT_REPORT;
- BTN_TOUCH DOWN in the frame the first finger lands, UP in the frame the last lifts;
- the lift frame: a lone SYN_MT_REPORT then SYN_REPORT (the documented form) or, as some
  drivers do, a SYN_REPORT with no MT data at all;
- 120 Hz reports, a 1080 x 2340 panel with no resolution (getevent without -p).

The capture holds, in order: a tap; a drag up; three separate taps far apart; a
two-finger drag to the right. Run it again to rewrite the fixture; it is deterministic.
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "Tests", "Fixtures", "getevent", "phone-protocol-a.getevent")
NODE = "/dev/input/event2"
PERIOD = 1 / 120

lines = []
t = 5210.0
next_id = 0x3a0


def ev(kind, code, value):
    if isinstance(value, int):
        value = "%08x" % (value & 0xFFFFFFFF)
    lines.append("[%14.6f] %s: %-12s %-20s %s" % (t, NODE, kind, code, value))


def frame(contacts, first=False, lift=None):
    """contacts: [(tracking id, x, y)]; lift: 'mt' (lone SYN_MT_REPORT) or 'bare'."""
    for tid, x, y in contacts:
        ev("EV_ABS", "ABS_MT_TRACKING_ID", tid)
        ev("EV_ABS", "ABS_MT_TOUCH_MAJOR", 5)
        ev("EV_ABS", "ABS_MT_POSITION_X", int(round(x)))
        ev("EV_ABS", "ABS_MT_POSITION_Y", int(round(y)))
        ev("EV_ABS", "ABS_MT_PRESSURE", 48)
        ev("EV_SYN", "SYN_MT_REPORT", 0)
    if lift == "mt":
        ev("EV_SYN", "SYN_MT_REPORT", 0)
    if first:
        ev("EV_KEY", "BTN_TOUCH", "DOWN")
    if lift:
        ev("EV_KEY", "BTN_TOUCH", "UP")
    ev("EV_SYN", "SYN_REPORT", 0)


def stroke(paths, duration, lift):
    """paths: per finger, (x0, y0, x1, y1); the fingers move together for `duration` s."""
    global t, next_id
    ids = []
    for _ in paths:
        ids.append(next_id)
        next_id += 1
    n = max(1, int(round(duration / PERIOD)))
    for k in range(n + 1):
        f = k / n
        contacts = [(i, x0 + (x1 - x0) * f, y0 + (y1 - y0) * f) for i, (x0, y0, x1, y1) in zip(ids, paths)]
        frame(contacts, first=(k == 0))
        t += PERIOD
    frame([], lift=lift)


def pause(seconds):
    global t
    t += seconds


# A tap: 70 ms, still.
stroke([(540, 1170, 541, 1171)], 0.07, "mt")
pause(0.8)
# A drag up: 600 units (about 64 mm at the assumed 250 mm for 2340 units) in 600 ms.
stroke([(540, 1800, 540, 1200)], 0.6, "bare")
pause(0.8)
# Three separate taps, far apart (more than the double-tap slop), 500 ms apart.
for x, y in [(200, 400), (880, 1200), (300, 2000)]:
    stroke([(x, y, x + 1, y)], 0.06, "mt")
    pause(0.5)
pause(0.3)
# A two-finger drag to the right: 400 units in 350 ms.
stroke([(300, 1000, 700, 1000), (300, 1300, 700, 1300)], 0.35, "mt")

with open(OUT, "w") as out:
    out.write("\n".join(lines) + "\n")
print("wrote", os.path.relpath(OUT), len(lines), "lines")
