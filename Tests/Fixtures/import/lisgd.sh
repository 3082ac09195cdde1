#!/bin/sh
# A phone's autostart: lisgd with its gestures.
lisgd -d /dev/input/touchscreen -o 1 \
  -g "1,LR,L,*,R,wtype -M alt -k Left" \
  -g "1,RL,R,*,R,wtype -M alt -k Right" \
  -g "1,DU,B,*,R,wofi --show drun" \
  -g "1,UD,T,*,R,swaync-client -t" \
  -g "2,UD,*,*,R,swaymsg kill" \
  -g "3,LR,*,*,R,swaymsg workspace prev" \
  -g "3,RL,*,*,R,swaymsg workspace next" \
  -g "1,DLUR,BL,*,R,notify-send corner" &
