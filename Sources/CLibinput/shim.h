#include <libudev.h>
#include <libinput.h>
