// posix_openpt, grantpt, unlockpt and ptsname_r need these feature macros, which the Swift
// Glibc module is not built with; so the benchmark reaches them through this one function.
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>
#include "pseudo_terminal.h"

int fremont_open_pseudo_terminal(char *name, size_t size) {
    int master = posix_openpt(O_RDWR | O_NOCTTY);
    if (master < 0) return -1;
    if (grantpt(master) != 0 || unlockpt(master) != 0 || ptsname_r(master, name, size) != 0) {
        close(master);
        return -1;
    }
    return master;
}
