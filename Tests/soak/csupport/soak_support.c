#define _GNU_SOURCE
#include <malloc.h>

#include "soak_support.h"

size_t soak_heap_bytes(void) {
    struct mallinfo2 mi = mallinfo2();
    return mi.uordblks + mi.hblkhd;
}
