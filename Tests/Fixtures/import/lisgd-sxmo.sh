#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-only
# A phone's hook that starts lisgd, the way sxmo's does: the device and the
# threshold from the environment, a check that lisgd is there, and its
# gestures on the edges of the screen, in every direction.

if [ -z "$SXMO_LISGD_INPUT_DEVICE" ]; then
	SXMO_LISGD_INPUT_DEVICE="/dev/input/by-path/first-touchscreen"
fi

if [ -x "$(command -v lisgd)" ]; then
	lisgd "$@" -t "${SXMO_LISGD_THRESHOLD:-125}" -m 1200 \
		-d "$SXMO_LISGD_INPUT_DEVICE" \
		-g "1,DRUL,BR,*,setsid -f sxmo_hook_inputhandler.sh bottomrightcorner" \
		-g "1,DLUR,BL,*,setsid -f sxmo_hook_inputhandler.sh bottomleftcorner" \
		-g "1,LR,L,*,R,sxmo_hook_inputhandler.sh rightleftedge" \
		-g "1,RL,R,*,R,sxmo_hook_inputhandler.sh leftrightedge" \
		-g "1,DU,B,*,R,sxmo_hook_inputhandler.sh upbottomedge" \
		-g "1,UD,B,*,R,sxmo_hook_inputhandler.sh downbottomedge" \
		-g "1,UD,T,*,R,sxmo_hook_inputhandler.sh downtopedge" \
		-g "1,DU,L,*,P,sxmo_hook_inputhandler.sh upleftedge" \
		-g "1,UD,L,*,P,sxmo_hook_inputhandler.sh downleftedge" \
		-g "1,LR,T,*,R,sxmo_hook_inputhandler.sh righttopedge" \
		-g "2,RL,*,*,R,sxmo_hook_inputhandler.sh twoleft" \
		-g "2,LR,*,*,R,sxmo_hook_inputhandler.sh tworight" &
fi
