#ifndef FREMONT_EMBEDDED_H
#define FREMONT_EMBEDDED_H

// The data built into fremont (embedded.S puts each file's bytes into the binary itself): a
// copied binary runs with its build folder gone.
struct fremont_embedded_file {
    const char *name;
    const unsigned char *start;
    const unsigned char *end;
};

// How many files are embedded, and each of them (NULL past the last).
int fremont_embedded_count(void);
const struct fremont_embedded_file *fremont_embedded_file_at(int index);

#endif
