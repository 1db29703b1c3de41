#ifndef HEAP_STATISTICS_H
#define HEAP_STATISTICS_H

#include <stddef.h>

/// Bytes malloc has handed out and not had back: glibc's mallinfo2(), heap (uordblks) plus
/// blocks it mapped on their own (hblkhd); on Darwin the default zones' size in use; zero on other
/// C libraries. For the benchmark's memory figures.
size_t heap_statistics_bytes_in_use(void);

/// Makes freed memory stay with the process for reuse: no trimming of the heap, and blocks up to
/// 32 MiB from the heap rather than mapped on their own. Timed runs then measure the work, not
/// which of them the kernel made fault pages in again. glibc only; elsewhere it does nothing.
void heap_statistics_keep_freed_memory(void);

/// Gives every free page back to the system (glibc's malloc_trim, Darwin's pressure relief), so
/// that the next allocations fault their pages in as a fresh process would.
void heap_statistics_release_freed_memory(void);

#endif
