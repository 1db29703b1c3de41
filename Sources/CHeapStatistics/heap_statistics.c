#include "heap_statistics.h"
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
