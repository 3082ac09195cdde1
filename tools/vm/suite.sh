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

# Waits until process $1 has node $2 open (it is reading), up to 20 s.
wait_for_open() {
    i=0
    while [ $i -lt 400 ]; do
        for f in /proc/$1/fd/*; do [ "$(readlink $f 2>/dev/null)" = "$2" ] && return 0; done
        [ -d /proc/$1 ] || return 1
        sleep 0.05; i=$((i + 1))
    done
    return 1
}

# replay_with_readers NAME TRACE [extra replay options]
replay_with_readers() {
    name=$1; trace=$2; shift 2
    d=$R/$name; mkdir -p $d
    $REPLAY tactile replay "$trace" --uinput --wait-for-signal --settle 0.5 --hold 0.5 --stats --realtime "$@" > $d/nodes 2> $d/replay.err &
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
    # Play once every reader has the device open.
    for n in $(cut -d' ' -f2 $d/nodes); do for p in $p1 $p2 $p3; do wait_for_open $p $n; done; done
    kill -USR1 $rp
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
# which keeps the host's CPUs busy and delays the replay; one replay of each device kind
# (touchscreen, touchpad, accelerometer) runs the paths once.
R0=$R; R=/tmp/warm-up
for trace in $T/pinch-rotate.evdev.jsonl $T/swipe-3finger-up-touchpad.jsonl $T/accelerometer-turn.jsonl; do
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
sleep 1.1
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

# 5: the seat. `devices` lists the replayed device; `recognize` with no INPUT (libevdev, and
# libinput's udev backend) finds it on its own; `recognize --follow` started before the
# device exists picks it up when udev reports it, and ends on SIGINT.
d=$R/seat; mkdir -p $d
taskset 2 tactile recognize --json --follow > $d/follow.jsonl 2> $d/follow.err &
fp=$!
sleep 2
$REPLAY tactile replay $T/pinch-rotate.evdev.jsonl --uinput --wait-for-signal --settle 0.5 --hold 0.5 --realtime > $d/nodes 2> $d/replay.err &
rp=$!
renice -n -15 -p $rp > /dev/null
wait_for_line $d/nodes
udevadm settle -t 5
node=$(cut -d' ' -f2 $d/nodes)
timeout 30 tactile devices --json > $d/devices.jsonl 2> $d/devices.err
echo $? > $d/devices.rc
echo "vm-test: seat: devices listed"
$READ tactile record --device $node -o $d/recorded.jsonl 2> $d/record.err &
p1=$!
$READ tactile recognize --json > $d/libevdev.jsonl 2> $d/libevdev.err &
p2=$!
$READ tactile recognize --json --backend libinput > $d/libinput.jsonl 2> $d/libinput.err &
p3=$!
for p in $p1 $p2 $p3 $fp; do wait_for_open $p $node || echo "vm-test: seat: $p did not open $node"; done
kill -USR1 $rp
echo "vm-test: seat: playing"
wait $rp
( sleep 20; kill $p1 $p2 $p3 2> /dev/null ) &
wait $p1; echo $? > $d/record.rc
wait $p2; echo $? > $d/libevdev.rc
wait $p3; echo $? > $d/libinput.rc
kill -INT $fp; ( sleep 20; kill -9 $fp 2> /dev/null ) & wait $fp; echo $? > $d/follow.rc
echo "vm-test: seat done (devices $(cat $d/devices.rc), libevdev $(cat $d/libevdev.rc), libinput $(cat $d/libinput.rc), follow $(cat $d/follow.rc))"

# 6: `tactile bind` on the live device: commands run, SIGHUP reloads the configuration (a
# broken one is refused and the last good one kept), and a slow command (`sleep 10`, from
# the two-finger tap) holds nothing up. tools/vm-test writes /bind: the trace, the
# configurations and their marker commands, which append to /bind/marks.
if [ ! -s /only ] || grep -qx bind /only; then
    d=$R/bind; mkdir -p $d
    cp /bind/A.yaml /tmp/bind.yaml
    $REPLAY tactile replay /bind/taps.jsonl --uinput --wait-for-signal --settle 0.5 --hold 1 --realtime > $d/nodes 2> $d/replay.err &
    rp=$!
    renice -n -15 -p $rp > /dev/null
    wait_for_line $d/nodes
    udevadm settle -t 5
    node=$(cut -d' ' -f2 $d/nodes)
    $READ tactile bind --verbose --device $node /tmp/bind.yaml 2> $d/bind.err &
    bp=$!
    wait_for_open $bp $node || echo "vm-test: bind did not open $node"
    kill -USR1 $rp
    # The taps come at 1.5, 4.5, 7.5 and 12 s of the trace (after --settle's 0.5 s): the
    # reloads fall halfway between.
    sleep 3.5; cp /bind/B.yaml /tmp/bind.yaml; kill -HUP $bp
    sleep 3; cp /bind/broken.yaml /tmp/bind.yaml; kill -HUP $bp
    wait $rp; echo $? > $d/replay.rc
    ( sleep 30; kill -9 $bp 2> /dev/null ) &
    wait $bp; echo $? > $d/bind.rc
    cp /bind/marks $d/marks 2> /dev/null
    echo "vm-test: bind done (replay $(cat $d/replay.rc), bind $(cat $d/bind.rc))"
fi

# bind_read_by_libinput CONFIG NAME: /bind/actions.jsonl replayed into `tactile bind
# --device` with CONFIG; libinput's debug-events reads bind's virtual device. What each
# says goes to $d/NAME-*: the replay's nodes, bind's messages, libinput's events.
bind_read_by_libinput() {
    config=$1; name=$2
    $REPLAY tactile replay /bind/actions.jsonl --uinput --wait-for-signal --settle 0.5 --hold 1 --realtime > $d/$name-nodes 2> $d/$name-replay.err &
    rp=$!
    wait_for_line $d/$name-nodes
    udevadm settle -t 5
    node=$(cut -d' ' -f2 $d/$name-nodes)
    $READ tactile bind --device $node $config 2> $d/$name-bind.err &
    bp=$!
    i=0; while ! grep -q "built-in actions write to" $d/$name-bind.err && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
    vnode=$(sed -n 's/.*built-in actions write to \(\/dev\/input\/event[0-9]*\).*/\1/p' $d/$name-bind.err)
    udevadm settle -t 5
    libinput-debug-events --device $vnode --show-keycodes > $d/$name-events.txt 2> $d/$name-events.err &
    lp=$!
    wait_for_open $bp $node || echo "vm-test: bind ($name) did not open $node"
    wait_for_open $lp $vnode || echo "vm-test: libinput did not open $vnode"
    kill -USR1 $rp
    wait $rp
    sleep 1
    kill $bp $lp 2> /dev/null
    wait $bp; wait $lp
}

# 7: bind's built-in actions reach the kernel: a swipe bound to ctrl+alt+right and a long
# press bound to a right click, written to the virtual keyboard and pointer bind makes,
# read back by libinput itself (debug-events on that device).
if [ ! -s /only ] || grep -qx bind /only; then
    d=$R/bind; mkdir -p $d
    bind_read_by_libinput /bind/actions.yaml actions
    echo "vm-test: bind actions done ($(grep -c pressed $d/actions-events.txt) presses read by libinput)"
fi

# 7b: a configuration of another tool, imported here: a lisgd start script whose swipe runs
# `xdotool key ctrl+alt+Right`, which the import makes bind's own keys; libinput reads them
# from bind's virtual keyboard (issue #47).
if [ ! -s /only ] || grep -qx bind /only; then
    d=$R/bind; mkdir -p $d
    tactile bind import /bind/lisgd-start.sh -o $d/imported.yaml 2> $d/import.err
    bind_read_by_libinput $d/imported.yaml imported
    echo "vm-test: imported bindings done ($(grep -c pressed $d/imported-events.txt) presses read by libinput)"
fi

# 8: synthesized input is real input: docs/testing.md's harness plays `tactile synth`'s
# touchpad gestures into libinput itself (tapping on), which is the program under test.
if [ ! -s /only ] || grep -qx bind /only; then
    d=$R/bind; mkdir -p $d
    sh /bind/replay-into-app.sh /bind/synth.yaml $d/synth-events.txt libinput-debug-events --device @NODE@ --enable-tap 2> $d/synth.err
    echo $? > $d/synth.rc
    echo "vm-test: synth done (exit $(cat $d/synth.rc), $(grep -c GESTURE_ $d/synth-events.txt) gesture events read by libinput)"
fi

# 9: `tactile serve` on the replayed touchscreen (live, no D-Bus), and `tactile bind
# --socket` as `nobody`, who cannot open the node: bind subscribes, receives the swipe and
# the long press of /bind/actions.jsonl and runs their commands, as nobody. Ending the
# service ends bind (exit 0, after {"end":true}).
if [ ! -s /only ] || grep -qx serve /only; then
    d=$R/serve; mkdir -p $d
    mkdir -p /tmp/serve /run/tactile; chmod 777 /tmp/serve
    $REPLAY tactile replay /bind/actions.jsonl --uinput --wait-for-signal --settle 0.5 --hold 1 --realtime > $d/nodes 2> $d/replay.err &
    rp=$!
    wait_for_line $d/nodes
    udevadm settle -t 5
    node=$(cut -d' ' -f2 $d/nodes)
    chmod 600 $node
    su -s /bin/sh nobody -c "cat $node" > /dev/null 2> $d/denied.err; echo $? > $d/denied.rc
    $READ tactile serve --device $node --bus none --socket /run/tactile/tactile.sock --socket-mode 666 2> $d/serve.err &
    sp=$!
    wait_for_open $sp $node || echo "vm-test: serve did not open $node"
    i=0; while [ ! -S /run/tactile/tactile.sock ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
    $READ su -s /bin/sh nobody -c "tactile bind /bind/serve.yaml --socket /run/tactile/tactile.sock" > /dev/null 2> $d/bind.err &
    bp=$!
    i=0; while ! grep -q "subscribed to" $d/bind.err && [ $i -lt 400 ]; do sleep 0.05; i=$((i + 1)); done
    kill -USR1 $rp
    wait $rp; echo $? > $d/replay.rc
    sleep 1
    kill $sp; wait $sp; echo $? > $d/serve.rc
    ( sleep 20; kill -9 $bp 2> /dev/null ) &
    wait $bp; echo $? > $d/bind.rc
    cp /tmp/serve/marks $d/marks 2> /dev/null
    echo "vm-test: serve done (serve $(cat $d/serve.rc), bind as nobody $(cat $d/bind.rc), $(wc -l < $d/marks 2> /dev/null || echo 0) commands run)"
fi

# 10: pass-through (issue #46). pt_base NAME TRACE [LIBINPUT OPTIONS]: libinput reads the
# replayed device itself (what applications get with no Tactile), into NAME-base-events.txt.
pt_base() {
    name=$1; trace=$2; shift 2
    $REPLAY tactile replay $trace --uinput --wait-for-signal --settle 0.5 --hold 1 --realtime > $d/$name-base-nodes 2> $d/$name-base-replay.err &
    rp=$!
    wait_for_line $d/$name-base-nodes
    udevadm settle -t 5
    node=$(cut -d' ' -f2 $d/$name-base-nodes)
    libinput-debug-events --device $node "$@" > $d/$name-base-events.txt 2> $d/$name-base-events.err &
    lp=$!
    wait_for_open $lp $node || echo "vm-test: libinput did not open $node"
    kill -USR1 $rp
    wait $rp; echo $? > $d/$name-base-replay.rc
    sleep 0.5
    kill $lp; wait $lp
}

# pt_copy NAME TRACE CONFIG END [LIBINPUT OPTIONS]: `tactile bind --pass-through CONFIG`
# grabs the replayed device and libinput reads its copy, into NAME-events.txt. Once the
# replay is done (a finger the trace leaves down is then down), bind is ended: END is term
# (SIGTERM), kill (SIGKILL) or unplug (the replayed device goes; bind, reading no other,
# ends by itself).
pt_copy() {
    name=$1; trace=$2; config=$3; end=$4; shift 4
    hold=3; [ $end = unplug ] && hold=0.2
    $REPLAY tactile replay $trace --uinput --wait-for-signal --notify --settle 0.5 --hold $hold --realtime > $d/$name-nodes 2> $d/$name-replay.err &
    rp=$!
    wait_for_line $d/$name-nodes
    udevadm settle -t 5
    node=$(head -1 $d/$name-nodes | cut -d' ' -f2)
    $READ tactile bind --device $node --pass-through --stats $config 2> $d/$name-bind.err &
    bp=$!
    i=0; while ! grep -q "passes through to" $d/$name-bind.err && [ $i -lt 400 ]; do sleep 0.05; i=$((i + 1)); done
    copy=$(sed -n 's/.*passes through to \(\/dev\/input\/event[0-9]*\).*/\1/p' $d/$name-bind.err)
    udevadm settle -t 5
    libinput-debug-events --device $copy "$@" > $d/$name-events.txt 2> $d/$name-events.err &
    lp=$!
    # The copy's own events too, as the kernel has them: what bind wrote, and when.
    $READ tactile record --device $copy -o $d/$name-copy.jsonl 2> $d/$name-copy.err &
    recp=$!
    wait_for_open $bp $node || echo "vm-test: bind did not open $node"
    wait_for_open $lp $copy || echo "vm-test: libinput did not open the copy $copy"
    wait_for_open $recp $copy || echo "vm-test: record did not open the copy $copy"
    kill -USR1 $rp
    i=0; while ! grep -q "^done" $d/$name-nodes && [ $i -lt 600 ]; do sleep 0.05; i=$((i + 1)); done
    sleep 0.5
    case $end in
        term) kill -TERM $bp ;;
        kill) kill -KILL $bp ;;
        unplug) ( sleep 10; kill -KILL $bp 2> /dev/null ) & ;;
    esac
    wait $bp; echo $? > $d/$name-bind.rc
    sleep 0.5
    kill $lp; wait $lp
    kill -INT $recp 2> /dev/null; wait $recp
    wait $rp; echo $? > $d/$name-replay.rc
}

if [ ! -s /only ] || grep -qx passthrough /only; then
    d=$R/passthrough; mkdir -p $d
    pt_base screen /bind/pt.jsonl
    pt_copy screen /bind/pt.jsonl /bind/pt.yaml term
    cp /tmp/pt-marks $d/screen-marks 2> /dev/null
    for part in pad-swipe pad-rest; do
        tactile synth /bind/pt-$part.yaml --raw -o /tmp/pt-$part.jsonl 2> $d/$part-synth.err
        cp /tmp/pt-$part.jsonl $d/$part-trace.jsonl
        pt_base $part /tmp/pt-$part.jsonl --enable-tap
        pt_copy $part /tmp/pt-$part.jsonl /bind/pt-pad.yaml term --enable-tap
    done
    # claim: delay: an edge swipe held back and claimed, a touch held back and let go.
    rm -f /tmp/pt-marks
    pt_base delay /bind/pt-delay.jsonl
    pt_copy delay /bind/pt-delay.jsonl /bind/pt-delay.yaml term
    cp /tmp/pt-marks $d/delay-marks 2> /dev/null
    # Nothing stuck: a pinch under way when bind is killed, or its device unplugged.
    pt_copy killed /bind/pt-stuck.jsonl /bind/pt.yaml kill
    pt_copy unplugged /bind/pt-stuck.jsonl /bind/pt.yaml unplug
    echo "vm-test: pass-through done (bind $(cat $d/screen-bind.rc), $(grep -c TOUCH_CANCEL $d/screen-events.txt) cancels read by libinput)"
fi
