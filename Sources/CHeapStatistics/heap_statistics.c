#include "heap_statistics.h"
#include <malloc.h>

size_t heap_statistics_bytes_in_use(void) {
    return mallinfo2().uordblks;
}
