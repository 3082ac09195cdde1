#!/bin/sh
# ~/.config/autostart/gestures: sway on a tablet.
TOUCH=/dev/input/event2
export WOFI='wofi --show drun'

pkill -x lisgd
exec /usr/bin/lisgd -d "$TOUCH" -t 250 -o 0 \
	-g '1,DU,B,*,R,wofi --show drun' \
	-g '1,UD,T,*,R,swaync-client -t -sw' \
	-g '1,RL,R,*,P,swaymsg workspace next' \
	-g '1,LR,L,*,P,swaymsg workspace prev' \
	-g '3,UD,*,M,R,swaymsg kill' \
	-g '2,DU,*,*,R,wtype -M ctrl -k t' \
	-g '2,UD,*,*,R,ydotool key 29:1 17:1 17:0 29:0'
