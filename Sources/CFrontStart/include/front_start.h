#ifndef TEMPO_FRONT_START_H
#define TEMPO_FRONT_START_H

// What the front (`tempo-front`) does before and instead of its Swift code: hand a command line to
// the full tool (pass_on.c) and, before `main`, ask for the pages it is about to touch (prefault.c).

/// Hands the whole command line `argv` (program name first, null-terminated) to the full tool,
/// replacing this process. With `TEMPO_QUICK_ONLY=1` in the environment it instead writes
/// "tempo-front: passed on: REASON" to standard error and exits 3. Exits 70 when the full tool is
/// missing or cannot be run.
_Noreturn void tempo_pass_on(char *const *argv, const char *reason);

/// Asks the kernel at once for the fresh pages `focus status` is about to touch (prefault.c).
void tempo_prefault(void);

#endif
