// Linux descriptors Glibc's Swift module leaves out: signalfd (signals as input) and
// eventfd (a wake-up another thread can write).
#include <sys/signalfd.h>
#include <sys/eventfd.h>
