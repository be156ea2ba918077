// The front (`tempo-front`) runs for about 4 ms, and on a virtual machine each first touch of a
// fresh page costs about 3 µs in the kernel: before this, 150 of its 420 page faults were fresh
// pages of `.bss` and of the heap. For `focus status`, pass_on.c's constructor asks the kernel
// for those pages in two calls instead (MADV_POPULATE_WRITE, Linux 5.14; on an older kernel the
// calls fail and nothing changes): all of `.bss`, and a heap block as large as `focus status`
// uses, which is then freed into malloc's top chunk and kept there (no trimming, no separate
// mappings).
#include "front_start.h"

#include <stdlib.h>  // defines __GLIBC__ with glibc
#if defined(__linux__) && defined(__GLIBC__)
#include <malloc.h>
#include <stdint.h>
#include <sys/mman.h>

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif

extern char __bss_start[], _end[];

static void populate(uintptr_t start, uintptr_t end) {
    const uintptr_t page = 4096;
    start = (start + page - 1) & ~(page - 1);
    end &= ~(page - 1);
    if (end > start) madvise((void *)start, end - start, MADV_POPULATE_WRITE);
}

void tempo_prefault(void) {
    populate((uintptr_t)__bss_start, (uintptr_t)_end + 4095);
    mallopt(M_TRIM_THRESHOLD, 4 << 20);
    mallopt(M_MMAP_THRESHOLD, 4 << 20);
    const size_t heap = 640 << 10;
    char *block = malloc(heap);
    if (block) {
        populate((uintptr_t)block, (uintptr_t)block + heap);
        free(block);
    }
}
#else
void tempo_prefault(void) {}
#endif
