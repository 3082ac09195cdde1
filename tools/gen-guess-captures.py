#!/usr/bin/env python3
"""Writes the guessed-quantity captures in Tests/Fixtures/getevent/ (issue #44): Android
`getevent -lt` captures of a phone made without `-p`, so Tactile must guess the axis
ranges, the pressure range and the size. Written from the kernel's
Documentation/input/multi-touch-protocol.rst (protocol B: ABS_MT_SLOT, ABS_MT_TRACKING_ID,
only changed values sent) and getevent's output format:

- a 1080 x 2400 panel reporting the display's pixels, no resolution, 120 Hz reports; a
  frame only where a value changed (the input core passes no empty frame);
- BTN_TOUCH DOWN with the first finger, UP with the last; in the `toolfinger` variant also
  BTN_TOOL_FINGER, as Samsung's and Synaptics' Android drivers send;
- pressure 0...255 that rises over the first frames and saturates at 255 in a firm press
  (the firmest touch then is the largest value seen, the whole guessed range), contact size
  in ABS_MT_TOUCH_MAJOR.

Each capture holds, in order: a light tap; a firm tap far from it; a firm one-finger drag
up; a two-finger drag to the right whose second finger lands two frames after the first,
the fingers wobbling a few pixels as real fingers do. `phone.getevent-lp` is the phone's
`getevent -lp` description, as run later on the same phone (for --desc, and for the known
range that still peeks). Run it again to rewrite them; it is deterministic.
"""
import math
import os

HERE = os.path.dirname(os.path.abspath(__file__))
DIR = os.path.join(HERE, "..", "Tests", "Fixtures", "getevent")
NODE = "/dev/input/event3"
KEYS = "/dev/input/event1"
PERIOD = 1 / 120


def capture(tool_finger):
    lines = []
    t = [1893.5]
    next_id = [0x120]
    state = {}  # slot -> (x, y, major, pressure) last sent
    current_slot = [0]
    down = [0]

    def ev(kind, code, value, node=NODE):
        if isinstance(value, int):
            value = "%08x" % (value & 0xFFFFFFFF)
        lines.append("[%14.6f] %s: %-12s %-20s %s" % (t[0], node, kind, code, value))

    def slot(s):
        if s != current_slot[0]:
            ev("EV_ABS", "ABS_MT_SLOT", s)
            current_slot[0] = s

    def frame(contacts, lifted=()):
        """contacts: {slot: (x, y, major, pressure)} of the fingers down in this frame."""
        was = down[0]
        for s in sorted(contacts):
            x, y, major, p = (int(round(v)) for v in contacts[s])
            old = state.get(s)
            if old is None:
                slot(s)
                ev("EV_ABS", "ABS_MT_TRACKING_ID", next_id[0])
                next_id[0] += 1
            for name, i, v in (("ABS_MT_POSITION_X", 0, x), ("ABS_MT_POSITION_Y", 1, y),
                               ("ABS_MT_TOUCH_MAJOR", 2, major), ("ABS_MT_PRESSURE", 3, p)):
                if old is None or old[i] != v:
                    slot(s)
                    ev("EV_ABS", name, v)
            state[s] = (x, y, major, p)
        for s in lifted:
            slot(s)
            ev("EV_ABS", "ABS_MT_TRACKING_ID", -1)
            del state[s]
        down[0] = len(state)
        if was == 0 and down[0] > 0:
            ev("EV_KEY", "BTN_TOUCH", "DOWN")
            if tool_finger:
                ev("EV_KEY", "BTN_TOOL_FINGER", "DOWN")
        if was > 0 and down[0] == 0:
            ev("EV_KEY", "BTN_TOUCH", "UP")
            if tool_finger:
                ev("EV_KEY", "BTN_TOOL_FINGER", "UP")
        # The input core passes no empty frame: a finger that did not change sends nothing.
        if lines and lines[-1].startswith("[%14.6f] %s:" % (t[0], NODE)) and "SYN_REPORT" not in lines[-1]:
            ev("EV_SYN", "SYN_REPORT", 0)
        t[0] += PERIOD

    def pressure(k, n, plateau):
        """Rises over three frames, holds, eases off over the last two."""
        rise = min(1.0, (k + 1) / 3)
        fall = min(1.0, (n - k + 1) / 2)
        return max(8, min(255, plateau * min(rise, fall)))

    def stroke(fingers, duration, plateau):
        """fingers: per finger (slot, start frame, path(f) -> (x, y)); f runs 0...1 over the stroke."""
        n = max(1, int(round(duration / PERIOD)))
        for k in range(n + 1):
            contacts = {}
            for s, start, path in fingers:
                if k < start:
                    continue
                x, y = path(k / n)
                contacts[s] = (x, y, 6 + 3 * (plateau / 255), pressure(k - start, n - start, plateau))
            frame(contacts)
        frame({}, lifted=[s for s, _, _ in fingers])

    def pause(seconds):
        t[0] += seconds

    def ease(f):
        return (1 - math.cos(math.pi * f)) / 2

    # A light tap, 80 ms, still.
    stroke([(0, 0, lambda f: (540, 1200))], 0.08, 70)
    pause(0.7)
    # A firm tap, 90 ms: its pressure saturates at 255, the largest value the capture has.
    stroke([(0, 0, lambda f: (260 + round(f), 620))], 0.09, 255)
    pause(0.7)
    # A firm drag up, 900 px in 750 ms, eased in and out (a pan, let go slowly).
    stroke([(0, 0, lambda f: (540 + 20 * ease(f), 1900 - 900 * ease(f)))], 0.75, 240)
    pause(0.7)
    # Two fingers, one above the other, dragged 450 px to the right in 600 ms; the second
    # lands two frames after the first; each wobbles a few pixels across the drag, and the
    # lower one lags a little mid-drag.
    stroke([(0, 0, lambda f: (300 + 450 * ease(f) + 4 * math.sin(9 * f), 1000 + 5 * math.sin(13 * f))),
            (1, 2, lambda f: (310 + 450 * ease(f) - 12 * math.sin(math.pi * f), 1400 + 4 * math.sin(11 * f + 1)))],
           0.6, 200)
    # A volume key pressed on another node, as a capture of every device has.
    ev("EV_KEY", "KEY_VOLUMEDOWN", "DOWN", node=KEYS)
    ev("EV_SYN", "SYN_REPORT", 0, node=KEYS)
    return lines


DESCRIPTION = """add device 1: /dev/input/event1
  name:     "gpio_keys"
  events:
    KEY (0001): KEY_VOLUMEDOWN        KEY_VOLUMEUP          KEY_POWER            
  input props:
    <none>
add device 2: /dev/input/event3
  name:     "fts_ts"
  events:
    KEY (0001): BTN_TOUCH            
    ABS (0003): ABS_MT_SLOT           : value 0, min 0, max 9, fuzz 0, flat 0, resolution 0
                ABS_MT_TOUCH_MAJOR    : value 0, min 0, max 255, fuzz 0, flat 0, resolution 0
                ABS_MT_POSITION_X     : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 0
                ABS_MT_POSITION_Y     : value 0, min 0, max 2399, fuzz 0, flat 0, resolution 0
                ABS_MT_TRACKING_ID    : value 0, min 0, max 65535, fuzz 0, flat 0, resolution 0
                ABS_MT_PRESSURE       : value 0, min 0, max 255, fuzz 0, flat 0, resolution 0
  input props:
    INPUT_PROP_DIRECT
"""

# `getevent -lt` of every node announces each one with its name before the events.
ANNOUNCE = """add device 1: /dev/input/event1
  name:     "gpio_keys"
add device 2: /dev/input/event3
  name:     "fts_ts"
"""

for name, tool_finger in (("phone-undescribed.getevent", False), ("phone-undescribed-toolfinger.getevent", True)):
    with open(os.path.join(DIR, name), "w") as out:
        out.write(ANNOUNCE + "\n".join(capture(tool_finger)) + "\n")
    print("wrote", name)
with open(os.path.join(DIR, "phone.getevent-lp"), "w") as out:
    out.write(DESCRIPTION)
print("wrote phone.getevent-lp")
