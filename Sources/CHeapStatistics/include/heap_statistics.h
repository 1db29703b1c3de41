#ifndef HEAP_STATISTICS_H
#define HEAP_STATISTICS_H

#include <stddef.h>

/// Bytes of heap in use by malloc (glibc's mallinfo2().uordblks), for the benchmark's memory figures.
size_t heap_statistics_bytes_in_use(void);

#endif
