#ifndef TEMPO_PREFETCH_H
#define TEMPO_PREFETCH_H

/// Asks the processor to start loading the cache line at `address` (a hint: it never faults).
static inline void tempo_prefetch(const void *address) {
    __builtin_prefetch(address);
}

#endif
