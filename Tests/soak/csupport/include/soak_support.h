/* What the Swift soak driver (Tests/soak/swift) needs from C: the heap in use, from glibc's
 * mallinfo2 (which Swift's Glibc module does not import). */
#ifndef NL_SOAK_SUPPORT_H
#define NL_SOAK_SUPPORT_H

#include <stddef.h>

/** Bytes of heap in use: glibc mallinfo2's uordblks (allocated in the main arenas) + hblkhd
 *  (allocated by mmap). */
size_t soak_heap_bytes(void);

#endif
