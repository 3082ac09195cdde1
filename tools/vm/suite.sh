#!/bin/sh
# The acceptance runs of tools/vm-test, inside the VM. Every trace is replayed through
# uinput while `tactile record` and `tactile recognize --device` (both backends) read the
# device; results go to $1 for the host to compare. Fault cases follow.
R=$1
T=/recordings

# Waits until file $1 has at least one line (the replayed device's node), up to 10 s.
wait_for_line() {
    i=0
    while [ ! -s "$1" ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
}

# The replay gets CPU 0 and priority, the readers CPU 1: under emulation a reader's first
# events run through code not yet translated, and would otherwise make the replay late.
REPLAY=""; READ=""
if [ "$(nproc)" -ge 2 ]; then REPLAY="taskset 1"; READ="taskset 2"; fi

# replay_with_readers NAME TRACE [extra replay options]
replay_with_readers() {
    name=$1; trace=$2; shift 2
    d=$R/$name; mkdir -p $d
    $REPLAY tactile replay "$trace" --uinput --settle 2.5 --hold 0.5 --stats --realtime "$@" > $d/nodes 2> $d/replay.err &
    rp=$!
    renice -n -15 -p $rp > /dev/null
    wait_for_line $d/nodes
    udevadm settle -t 5
    args=""
    for n in $(cut -d' ' -f2 $d/nodes); do args="$args --device $n"; done
    $READ tactile record $args -o $d/recorded.jsonl 2> $d/record.err &
    p1=$!
    $READ tactile recognize --json --stats $args > $d/libevdev.jsonl 2> $d/libevdev.err &
    p2=$!
    $READ tactile recognize --json --stats --backend libinput $args > $d/libinput.jsonl 2> $d/libinput.err &
    p3=$!
    echo $rp > $d/replay.pid
    echo "$p1 $p2 $p3" > $d/readers.pid
}

finish() {
    d=$R/$1
    wait $(cat $d/replay.pid); echo $? > $d/replay.rc
    set -- $(cat $d/readers.pid)
    wait $1; echo $? > $d/record.rc
    wait $2; echo $? > $d/libevdev.rc
    wait $3; echo $? > $d/libinput.rc
}

# Warm-up, results thrown away: under TCG the first run of any code is translated first,
# which stalls every virtual CPU; a touch and an accelerometer replay run the paths once.
R0=$R; R=/tmp/warm-up
for trace in $T/pinch-rotate.evdev.jsonl $T/accelerometer-turn.jsonl; do
    replay_with_readers warm $trace
    finish warm
done
R=$R0

# 1-3: every trace, replayed and read back.
for trace in $T/*.jsonl; do
    case $trace in *.expected.jsonl) continue ;; esac
    name=$(basename $trace .jsonl)
    # tools/vm-test --only NAME,... runs a few traces (while working on them).
    if [ -s /only ] && ! grep -qx "$name" /only; then continue; fi
    replay_with_readers $name $trace
    finish $name
    echo "vm-test: replayed $name (replay $(cat $R/$name/replay.rc), record $(cat $R/$name/record.rc), libevdev $(cat $R/$name/libevdev.rc), libinput $(cat $R/$name/libinput.rc))"
done

# 4a: a device removed mid-pinch (the replay is killed, which destroys its device).
replay_with_readers unplug $T/pinch-in.jsonl
sleep 3.1
kill $(cat $R/unplug/replay.pid)
finish unplug
echo "vm-test: unplugged mid-pinch (libevdev $(cat $R/unplug/libevdev.rc), libinput $(cat $R/unplug/libinput.rc))"

# 4b: a node without read permission, read as an unprivileged user; a missing node.
d=$R/faults; mkdir -p $d
tactile replay $T/tap.jsonl --uinput --settle 4 --hold 0 > $d/nodes 2> /dev/null &
rp=$!
wait_for_line $d/nodes
udevadm settle -t 5
node=$(cut -d' ' -f2 $d/nodes)
chmod 600 $node
su -s /bin/sh nobody -c "tactile record --device $node -o /tmp/denied.jsonl" > /dev/null 2> $d/denied-record.err
echo $? > $d/denied-record.rc
su -s /bin/sh nobody -c "tactile recognize --device $node" > /dev/null 2> $d/denied-libevdev.err
echo $? > $d/denied-libevdev.rc
su -s /bin/sh nobody -c "tactile recognize --backend libinput --device $node" > /dev/null 2> $d/denied-libinput.err
echo $? > $d/denied-libinput.rc
tactile recognize --device /dev/input/event99 > /dev/null 2> $d/missing.err
echo $? > $d/missing.rc
tactile record --device /dev/input/event99 -o /tmp/missing.jsonl 2> $d/missing-record.err
echo $? > $d/missing-record.rc
kill $rp 2> /dev/null; wait $rp 2> /dev/null

# 4c: SIGINT during a recording.
d=$R/sigint; mkdir -p $d
tactile replay $T/orientation-walking.jsonl --uinput --settle 1 --hold 0 > $d/nodes 2> /dev/null &
rp=$!
wait_for_line $d/nodes
udevadm settle -t 5
tactile record --device $(cut -d' ' -f2 $d/nodes) -o $d/recorded.jsonl 2> $d/record.err &
rec=$!
sleep 3
kill -INT $rec
wait $rec; echo $? > $d/record.rc
kill $rp 2> /dev/null; wait $rp 2> /dev/null
echo "vm-test: faults done"
