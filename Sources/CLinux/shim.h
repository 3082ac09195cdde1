// Linux descriptors Glibc's Swift module leaves out: signalfd (signals as input), eventfd
// (a wake-up another thread can write) and pidfd (a child's exit as input).
#include <sys/signalfd.h>
#include <sys/eventfd.h>
#include <sys/pidfd.h>
