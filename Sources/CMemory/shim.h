#ifndef STRUT_CMEMORY_SHIM_H
#define STRUT_CMEMORY_SHIM_H

/* How the process's allocator gives memory back. glibc's malloc serves an allocation over a
   threshold (128 KB at first, raised as such blocks are freed) with a fresh mapping and
   unmaps it when freed, and returns the free top of its heap to the system past another
   threshold: the next large array is then new memory, and each page of it faults and is
   zeroed on first touch. The solver's arrays of a long stack grow and are replaced over and
   over, so the process keeps what it freed instead: blocks up to 32 MB come from the heap (a
   larger one is still mapped, and returned when freed; 256 MB measured the same), and up to
   512 MB of free heap stays (the shell-stack benchmark at 1,000 labels: 39,600 page faults,
   33,600 so). Returns 1 when both settings took, 0 otherwise
   (another C library: nothing to do). */
#if defined(__GLIBC__) || defined(__linux__)
#include <malloc.h>
#endif

static inline int strut_keep_freed_memory(void) {
#if defined(__GLIBC__) && defined(M_MMAP_THRESHOLD) && defined(M_TRIM_THRESHOLD)
    int mapped = mallopt(M_MMAP_THRESHOLD, 32 * 1024 * 1024);
    int trimmed = mallopt(M_TRIM_THRESHOLD, 512 * 1024 * 1024);
    return mapped == 1 && trimmed == 1;
#else
    return 0;
#endif
}
#endif
