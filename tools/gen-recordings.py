#!/usr/bin/env python3
"""Writes the synthetic traces in Recordings/: one gesture each, on a described device.

Each recording is a list of fingers, each with a touch-down and lift time and a path
(position in mm as a function of time since its touch-down). Frames are sampled at the
device's report rate with a fixed, seeded timing jitter, so the files are reproducible:

    tools/gen-recordings.py Recordings/

Positions are rounded to 0.01 mm and pressure to 0.001 so a person can read the files.
The physics is deliberately plain (constant velocity, linear ramps, smooth-step easing):
these traces exist to be read and checked by eye, not to model a hand.
"""
import json
import math
import os
import random
import sys

TOUCHSCREEN = {"id": 0, "name": "Demo touchscreen", "kind": "touchscreen",
               "size": [155.0, 87.0], "pressure": True, "slots": 10}
TOUCHPAD = {"id": 0, "name": "Demo touchpad", "kind": "touchpad",
            "size": [100.0, 60.0], "pressure": False, "slots": 5}
ACCELEROMETER = {"id": 1, "name": "Demo accelerometer", "kind": "accelerometer"}
# A phone's screen, portrait, for a recording with an accelerometer beside it.
PHONE = {"id": 0, "name": "Demo phone touchscreen", "kind": "touchscreen",
         "size": [68.0, 151.0], "pressure": False, "slots": 10}
# A semi-MT touchpad: its two contacts are the corners of the fingers' bounding box.
SEMI_MT_TOUCHPAD = {"id": 0, "name": "Demo semi-MT touchpad", "kind": "touchpad",
                    "size": [90.0, 50.0], "pressure": False, "slots": 2, "semiMT": True}


def ease(u):
    """Smooth-step: 0 at u<=0, 1 at u>=1, zero velocity at both ends."""
    u = min(1.0, max(0.0, u))
    return u * u * (3 - 2 * u)


class Finger:
    def __init__(self, down, up, path, pressure=None):
        self.down, self.up, self.path, self.pressure = down, up, path, pressure


def still(x, y, wobble=0.0, seed=0):
    rng = random.Random(seed)
    offsets = [(rng.uniform(-wobble, wobble), rng.uniform(-wobble, wobble)) for _ in range(4096)]
    return lambda t: (x + offsets[int(t * 1000) % 4096][0], y + offsets[int(t * 1000) % 4096][1])


def line(x0, y0, x1, y1, duration, easing=False, hold=0.0):
    def p(t):
        u = t / duration if duration > 0 else 1.0
        u = ease(u) if easing else min(1.0, max(0.0, u))
        return (x0 + (x1 - x0) * u, y0 + (y1 - y0) * u)
    return p


def frames(device, fingers, rate, end, seed=1, clicks=()):
    """Samples the fingers at `rate` Hz with ±15% timing jitter; frames that change nothing
    are still written while a finger is down (real devices report while touched).
    `clicks` are (press, release) times of the pad's button: frames between carry
    "buttons":["left"]."""
    rng = random.Random(seed)
    period = 1.0 / rate
    times = []
    t = 0.0
    while t <= end + 1e-9:
        times.append(t)
        t += period * (1 + rng.uniform(-0.15, 0.15))
    # Exact down and up times are sample times too.
    for f in fingers:
        times += [f.down, f.up]
    for press, release in clicks:
        times += [press, release]
    times = sorted(set(round(x, 6) for x in times if 0 <= x <= end))
    out = []
    was_down = False
    ids = {id(f): i + 1 for i, f in enumerate(fingers)}
    for t in times:
        touches = []
        for f in fingers:
            if f.down <= t < f.up:
                x, y = f.path(t - f.down)
                c = {"id": ids[id(f)], "x": round(x, 2), "y": round(y, 2)}
                if device.get("pressure"):
                    c["pressure"] = round(f.pressure(t - f.down) if f.pressure else 0.3, 3)
                touches.append(c)
        if touches or was_down:
            e = {"t": round(t, 6), "dev": device["id"], "touches": touches}
            if any(press <= t < release for press, release in clicks):
                e["buttons"] = ["left"]
            out.append(e)
        was_down = bool(touches)
    return out


def write(path, devices, events):
    with open(path, "w") as f:
        f.write(json.dumps({"format": "tactile-trace", "version": 1, "devices": devices},
                           separators=(",", ":")) + "\n")
        for e in events:
            f.write(json.dumps(e, separators=(",", ":")) + "\n")


def two_finger_twist(cx, cy, span0, span1, turn, duration):
    """Two fingers on opposite sides of (cx, cy): the span grows from span0 to span1 and
    the pair turns by `turn` radians (clockwise positive, y down), eased."""
    def finger(sign):
        def p(t):
            u = ease(t / duration)
            r = (span0 + (span1 - span0) * u) / 2
            a = turn * u + (0 if sign > 0 else math.pi)
            return (cx + r * math.cos(a), cy + r * math.sin(a))
        return p
    return finger(+1), finger(-1)


def main(outdir):
    os.makedirs(outdir, exist_ok=True)
    ts, tp = TOUCHSCREEN, TOUCHPAD
    R = {}

    R["tap"] = (ts, [Finger(0.100, 0.180, line(70, 40, 70.3, 40.2, 0.08))], 120, 0.4)
    R["double-tap"] = (ts, [Finger(0.100, 0.180, still(70, 40)),
                            Finger(0.330, 0.400, still(70.8, 40.5))], 120, 0.8)
    R["triple-tap"] = (ts, [Finger(0.100, 0.170, still(70, 40)),
                            Finger(0.300, 0.370, still(70.5, 40.4)),
                            Finger(0.500, 0.570, still(69.6, 40.2))], 120, 1.0)
    R["two-finger-tap"] = (ts, [Finger(0.100, 0.200, still(60, 40)),
                                Finger(0.112, 0.215, still(82, 42))], 120, 0.5)
    R["three-finger-tap-touchpad"] = (tp, [Finger(0.100, 0.190, still(35, 30)),
                                           Finger(0.105, 0.195, still(50, 28)),
                                           Finger(0.110, 0.185, still(65, 31))], 80, 0.5)
    R["long-press"] = (ts, [Finger(0.100, 1.000, still(80, 50, wobble=0.4, seed=3))], 120, 1.2)
    R["pan-slow"] = (ts, [Finger(0.100, 1.600, line(40, 50, 80, 50, 1.2))], 120, 1.8)
    R["flick-left"] = (ts, [Finger(0.100, 0.220, line(100, 45, 70, 45, 0.12))], 120, 0.5)
    # A swipe is let go of while still moving: the paths run on past the lift.
    R["swipe-3finger-up-touchpad"] = (tp, [
        Finger(0.100, 0.250, line(35, 50, 35, 5, 0.2)),
        Finger(0.104, 0.254, line(50, 48, 50, 3, 0.2)),
        Finger(0.108, 0.252, line(65, 51, 65, 6, 0.2))], 80, 0.6)
    R["swipe-4finger-down"] = (ts, [
        Finger(0.100, 0.330, line(50, 15, 50, 75, 0.3)),
        Finger(0.103, 0.332, line(65, 13, 65, 73, 0.3)),
        Finger(0.106, 0.334, line(80, 14, 80, 74, 0.3)),
        Finger(0.109, 0.328, line(95, 17, 95, 77, 0.3))], 120, 0.7)
    R["pan-5finger-touchpad"] = (tp, [
        Finger(0.100, 1.200, line(20 + 12 * i, 30 + (i % 2) * 4, 50 + 12 * i, 30 + (i % 2) * 4, 0.8, easing=True))
        for i in range(5)], 80, 1.4)
    R["pan-finger-added"] = (ts, [
        Finger(0.100, 1.300, line(40, 40, 100, 40, 1.2)),
        Finger(0.500, 1.000, lambda t: (60 + 50 * t, 60))], 120, 1.5)
    R["edge-swipe-left"] = (ts, [Finger(0.100, 0.350, line(1.0, 45, 41, 46, 0.25))], 120, 0.6)
    a, b = two_finger_twist(77.5, 43.5, 30, 60, math.radians(200), 1.5)
    R["pinch-rotate"] = (ts, [Finger(0.100, 1.800, a), Finger(0.100, 1.800, b)], 120, 2.0)
    a, b = two_finger_twist(77.5, 43.5, 60, 24, 0.0, 0.8)
    R["pinch-in"] = (ts, [Finger(0.100, 1.100, a), Finger(0.108, 1.100, b)], 120, 1.3)

    def ramp(t):
        # 0.1 to 0.55 over 0.5 s, hovering ±0.02 around 0.5 for 0.4 s, up to 0.95 by 1.3 s.
        if t < 0.5:
            return 0.1 + 0.45 * t / 0.5
        if t < 0.9:
            return 0.5 + 0.02 * math.sin((t - 0.5) * 2 * math.pi * 10)
        return min(0.95, 0.5 + 0.45 * (t - 0.9) / 0.4)
    R["peek-pop"] = (ts, [Finger(0.100, 1.700, still(77, 44, wobble=0.2, seed=5), ramp)], 120, 1.9)

    # Touchpads (libinput's conventions).
    # A finger rests past the long-press delay, then moves: a hold that ends cancelled, then a pan.
    R["hold-then-move-touchpad"] = (tp, [Finger(0.100, 1.600, lambda t: line(40, 30, 70, 30, 0.6)(t - 0.8)
                                                if t > 0.8 else still(40, 30, wobble=0.3, seed=11)(t))], 80, 1.8)
    # Two fingers scroll down near the right edge; the lower one stops 6 mm before the other.
    R["scroll-drift-edge-touchpad"] = (tp, [
        Finger(0.100, 1.000, line(80, 12, 80.5, 48, 0.8, easing=True)),
        Finger(0.104, 1.000, line(93, 14, 94.5, 44, 0.7, easing=True))], 80, 1.2)
    # Clicks: the press moves the fingers a little (up to 0.8 mm) and never taps or pans.
    R["click-1finger-touchpad"] = (tp, [Finger(0.100, 0.330, line(50, 40, 50.6, 40.5, 0.2))], 80, 0.5,
                                   [(0.160, 0.280)])
    R["click-2finger-touchpad"] = (tp, [Finger(0.100, 0.340, line(42, 35, 42.5, 35.6, 0.2)),
                                        Finger(0.108, 0.340, line(63, 33, 63.4, 33.7, 0.2))], 80, 0.5,
                                   [(0.170, 0.290)])
    # A thumb rests at the bottom while a finger above it moves right: a one-finger pan.
    R["thumb-resting-touchpad"] = (tp, [
        Finger(0.100, 1.500, still(30, 55, wobble=0.2, seed=13)),
        Finger(0.400, 1.300, line(45, 25, 85, 22, 0.7, easing=True))], 80, 1.7)
    # A drumroll: two fingers 22 mm apart tap in turn, each landing 40 ms before the last
    # one lifts: six one-finger taps.
    R["drumroll-touchpad"] = (tp, [
        Finger(0.100 + 0.110 * i, 0.250 + 0.110 * i, still(40 if i % 2 == 0 else 62, 30, wobble=0.2, seed=20 + i))
        for i in range(6)], 80, 1.4)
    # A semi-MT pad's bounding box spreading: a pinch, and never a rotate (its corners
    # turn with the box's shape, not with the fingers).
    R["semi-mt-pinch-touchpad"] = (SEMI_MT_TOUCHPAD, [
        Finger(0.100, 1.000, line(35, 20, 20, 12, 0.7, easing=True)),
        Finger(0.100, 1.000, line(55, 30, 72, 40, 0.7, easing=True))], 80, 1.2)

    # Force building slowly on a touchscreen: a long press first, then peek and pop, which
    # cancel the long press (force touch takes over, as on iOS).
    def slow_force(t):
        return 0.2 if t < 0.7 else min(0.95, 0.2 + 0.75 * (t - 0.7) / 0.6)
    R["force-after-long-press"] = (ts, [Finger(0.100, 1.400, still(70, 40, wobble=0.2, seed=17), slow_force)], 120, 1.5)

    # For the example apps (Examples/): a frame editor's pinch to 2x turning 90 degrees
    # clockwise about a fixed point, the fingers lifted, then a one-finger pan of (30, 10) mm.
    a, b = two_finger_twist(77.5, 43.5, 30, 60, math.radians(90), 1.0)
    R["frame-edit"] = (ts, [Finger(0.100, 1.300, a), Finger(0.100, 1.300, b),
                            Finger(1.800, 2.800, line(40, 60, 70, 70, 0.8))], 120, 3.0)
    # An image tour's three steps: three single taps, each long after the last.
    R["three-taps"] = (ts, [Finger(0.100 + 0.8 * i, 0.170 + 0.8 * i, still(70 + i, 40)) for i in range(3)], 120, 2.4)

    # Holds of two, three and four fingers (libinput's hold, UIKit's long press with
    # numberOfTouchesRequired): each group lands within 30 ms, rests 0.8 s (past the 0.5 s
    # delay) wobbling 0.2 mm, and lifts; the next lands 0.5 s later. One hold each, with
    # its finger count.
    def holds(x0, y, gap, seed):
        out = []
        for g, n in enumerate((2, 3, 4)):
            down = 0.100 + 1.3 * g
            for i in range(n):
                out.append(Finger(down + 0.010 * i, down + 0.800 + 0.008 * i,
                                  still(x0 + gap * i, y + (i % 2) * 2, wobble=0.2, seed=seed + 10 * g + i)))
        return out
    R["holds-touchpad"] = (tp, holds(28, 28, 15, 40), 80, 4.0)
    R["holds-touchscreen"] = (ts, holds(40, 45, 18, 70), 120, 4.0)

    for name, spec in R.items():
        device, fingers, rate, end = spec[:4]
        clicks = spec[4] if len(spec) > 4 else ()
        write(os.path.join(outdir, name + ".jsonl"), [device], frames(device, fingers, rate, end, clicks=clicks))

    # An accelerometer at 100 Hz: held upright in portrait, turned 90° counter-clockwise
    # (to landscapeLeft) between 1.0 and 1.5 s, then held. g = 9.80665 m/s², leaning back 20°.
    rng = random.Random(7)
    events = []
    g, lean = 9.80665, math.radians(20)
    for i in range(301):
        t = i / 100
        roll = math.radians(90) * ease((t - 1.0) / 0.5)  # device turned counter-clockwise
        up_y = math.cos(lean) * g
        ax = math.sin(roll) * up_y  # "up" leans towards the device's right edge as it turns CCW
        ay = math.cos(roll) * up_y
        az = math.sin(lean) * g
        noise = [rng.gauss(0, 0.05) for _ in range(3)]
        events.append({"t": round(t, 6), "dev": 1,
                       "accel": [round(ax + noise[0], 3), round(ay + noise[1], 3), round(az + noise[2], 3)]})
    write(os.path.join(outdir, "accelerometer-turn.jsonl"), [ACCELEROMETER], events)
    write(os.path.join(outdir, "phone-session.jsonl"), [PHONE, ACCELEROMETER], phone_session())


def phone_session():
    """A phone's touchscreen and accelerometer together (the fullscreen example app): held
    in portrait leaning back 20 degrees, a tap at (34, 40) mm at 0.5 s; turned 90 degrees
    counter-clockwise (landscapeLeft) between 1.2 and 1.7 s; laid face up between 2.5 and
    3.3 s and picked up again, still in landscapeLeft, between 4.2 and 5.0 s; turned half a
    turn clockwise (landscapeRight) between 5.6 and 6.2 s, then a quarter turn more
    (portraitUpsideDown) between 6.6 and 7.1 s; a tap at (30, 100) mm at 7.8 s."""
    rng = random.Random(8)
    g = 9.80665

    def roll(t):  # counter-clockwise, degrees
        if t < 5.6:
            return 90 * ease((t - 1.2) / 0.5)
        if t < 6.6:
            return 90 - 180 * ease((t - 5.6) / 0.6)
        return -90 - 90 * ease((t - 6.6) / 0.5)

    def lean(t):  # back from upright, degrees
        if t < 4.2:
            return 20 + 70 * ease((t - 2.5) / 0.8)
        return 90 - 70 * ease((t - 4.2) / 0.8)

    accel = []
    for i in range(831):
        t = i / 100
        r, l = math.radians(roll(t)), math.radians(lean(t))
        noise = [rng.gauss(0, 0.05) for _ in range(3)]
        accel.append({"t": round(t, 6), "dev": 1, "accel": [
            round(math.sin(r) * math.cos(l) * g + noise[0], 3), round(math.cos(r) * math.cos(l) * g + noise[1], 3),
            round(math.sin(l) * g + noise[2], 3)]})
    taps = frames(PHONE, [Finger(0.500, 0.570, still(34, 40)), Finger(7.800, 7.880, still(30, 100))], 120, 8.3)
    # Each device's events in time order; the two merged by time, touches first at a tie.
    return sorted(taps + accel, key=lambda e: (e["t"], e["dev"]))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "Recordings")
