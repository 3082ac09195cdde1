#!/bin/sh
# Plays a gesture script into a program under test through a virtual kernel device and
# keeps what the program printed:
#   replay-into-app.sh SCRIPT OUTPUT PROGRAM [ARGS...]
# @NODE@ among ARGS becomes the virtual device's node. Needs uinput (root, or a udev rule
# for /dev/uinput).
set -eu
script=$1 output=$2
shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The gesture as the raw events of a virtual touch device.
tactile synth "$script" --raw -o "$work/gesture.jsonl"

# The device is made and its node printed; playback waits until a program has it open.
tactile replay "$work/gesture.jsonl" --uinput --wait-for-open 30 --notify > "$work/replay.out" &
replay=$!
until [ -s "$work/replay.out" ]; do sleep 0.05; done
node=$(head -n 1 "$work/replay.out" | cut -d ' ' -f 2)
command -v udevadm > /dev/null && udevadm settle --timeout=5

# The program under test reads the node.
for arg do
    shift
    if [ "$arg" = @NODE@ ]; then arg=$node; fi
    set -- "$@" "$arg"
done
"$@" > "$output" 2> "$work/program.err" &
program=$!

# `done` is printed after the last event; the replay then holds the device a moment, so
# the program reads everything, and exits.
wait "$replay"
grep -qx done "$work/replay.out"
kill "$program" 2> /dev/null || true
wait "$program" 2> /dev/null || true
