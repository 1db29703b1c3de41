#include "heap_statistics.h"

// glibc has the statistics and the knobs; Darwin's malloc zones have their own statistics; any
// other C library reports nothing, so the benchmark's memory figures read zero there.
#if defined(__GLIBC__)
#include <malloc.h>

size_t heap_statistics_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

void heap_statistics_keep_freed_memory(void) {
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
}

void heap_statistics_release_freed_memory(void) {
    malloc_trim(0);
}

#elif defined(__APPLE__)
#include <malloc/malloc.h>

size_t heap_statistics_bytes_in_use(void) {
    malloc_statistics_t statistics;
    malloc_zone_statistics(NULL, &statistics);
    return statistics.size_in_use;
}

void heap_statistics_keep_freed_memory(void) {}

void heap_statistics_release_freed_memory(void) {
    malloc_zone_pressure_relief(NULL, 0);
}

#else

size_t heap_statistics_bytes_in_use(void) {
    return 0;
}

void heap_statistics_keep_freed_memory(void) {}

void heap_statistics_release_freed_memory(void) {}

#endif
