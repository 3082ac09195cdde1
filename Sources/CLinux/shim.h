// Linux descriptors Glibc's Swift module leaves out: signalfd (signals as input), eventfd
// (a wake-up another thread can write) and pidfd (a child's exit as input).
#include <sys/signalfd.h>
#include <sys/eventfd.h>
#include <sys/pidfd.h>

// pipe2 (a pipe that is close-on-exec from the start, so a child another thread spawns
// meanwhile cannot inherit it) is declared only under _GNU_SOURCE, which Glibc's module
// is built without.
extern int pipe2(int pipefd[2], int flags);

// accept4 (a client socket non-blocking and close-on-exec from the start), declared only
// under _GNU_SOURCE too.
struct sockaddr;
extern int accept4(int sockfd, struct sockaddr *addr, unsigned int *addrlen, int flags);
