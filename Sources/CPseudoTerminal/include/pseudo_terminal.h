#ifndef FREMONT_PSEUDO_TERMINAL_H
#define FREMONT_PSEUDO_TERMINAL_H
#include <stddef.h>

/// Opens a pseudo-terminal's master side, ready for a child to open `name` (the slave).
/// Returns the master's descriptor, or -1 with errno set.
int fremont_open_pseudo_terminal(char *name, size_t size);

#endif
