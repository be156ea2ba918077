// The front answers three command lines itself (`--help`, `focus status`, `timer list`) and passes
// every other one to the full tool (`tempo` with every command): `PREFIX/libexec/tempo/tempo` as
// `scripts/install` lays it out, this binary being `PREFIX/bin/tempo`, or `tempo` beside it in a
// build folder. Passing on replaces this process (`execv`): same process id, terminal, signals and
// exit status, and the program name stays the one typed, so `ps` shows `tempo serve`.
//
// A line whose words cannot be one of the three is passed on by a constructor, before `main`:
// before the Swift runtime, Foundation and the prefault start, none of which the full tool's
// command needs from this process. The words are what is left without options and `--db`'s value;
// the Swift side (QuickCommand) decides every other line exactly.
#include "front_start.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#if defined(__APPLE__)
#include <mach-o/dyld.h>
#endif

/// Exit status when the installation is broken (`EX_SOFTWARE`), and when `TEMPO_QUICK_ONLY` stops a pass.
enum { broken_installation = 70, not_answered = 3 };

/// Ends the process with `status` at once. Called from a constructor, `exit` would run the exit
/// handlers of runtimes not yet started, and a static build then aborts (status 134).
static _Noreturn void leave(int status) {
    fflush(NULL);
    _exit(status);
}

static _Noreturn void fail(const char *first, const char *second, const char *third) {
    fprintf(stderr, "tempo: %s%s%s\n", first, second, third);
    leave(broken_installation);
}

/// This program's own path into `own` (`size` bytes); false when it cannot be told.
static int own_path(char *own, size_t size) {
#if defined(__APPLE__)
    uint32_t length = (uint32_t)size;
    return _NSGetExecutablePath(own, &length) == 0;
#else
    ssize_t length = readlink("/proc/self/exe", own, size - 1);
    if (length <= 0) return 0;
    own[length] = '\0';
    return 1;
#endif
}

/// The first candidate that is an executable file other than this program, into `path`.
static int full_tool_path(const char *own, char *path, size_t size) {
    struct stat own_status, status;
    if (stat(own, &own_status) != 0) return 0;
    const char *slash = strrchr(own, '/');
    int folder = slash ? (int)(slash - own) : 1;
    const char *base = slash ? own : ".";
    const char *candidates[] = {"/../libexec/tempo/tempo", "/tempo"};
    for (size_t index = 0; index < sizeof candidates / sizeof *candidates; index++) {
        if (snprintf(path, size, "%.*s%s", folder, base, candidates[index]) >= (int)size) continue;
        if (stat(path, &status) != 0 || access(path, X_OK) != 0) continue;
        if (status.st_dev == own_status.st_dev && status.st_ino == own_status.st_ino) continue;
        return 1;
    }
    return 0;
}

_Noreturn void tempo_pass_on(char *const *argv, const char *reason) {
    const char *quick_only = getenv("TEMPO_QUICK_ONLY");
    if (quick_only && strcmp(quick_only, "1") == 0) {
        fprintf(stderr, "tempo-front: passed on: %s\n", reason);
        leave(not_answered);
    }
    char own[PATH_MAX + 1], path[PATH_MAX + 64];
    int known = own_path(own, sizeof own);
    if (!known || !full_tool_path(own, path, sizeof path)) {
        fail("the full tool is missing (looked for ../libexec/tempo/tempo and ./tempo beside ", known ? own : "this program", ")");
    }
    execv(path, argv);
    char message[PATH_MAX + 128];
    snprintf(message, sizeof message, "cannot run %s: ", path);
    fail(message, strerror(errno), "");
}

static int is(const char *argument, const char *word) { return strcmp(argument, word) == 0; }

/// What the line may be, from its words alone (the Swift side then decides exactly).
enum line { passed_on, help, focus_status, timer_list };

static enum line quick_line(int argc, char **argv) {
    if (argc == 2 && (is(argv[1], "--help") || is(argv[1], "-h") || is(argv[1], "help"))) return help;
    const char *words[2];
    int count = 0;
    for (int index = 1; index < argc; index++) {
        if (is(argv[index], "--db")) {
            index++;
        } else if (argv[index][0] != '-') {
            if (count == 2) return passed_on;
            words[count++] = argv[index];
        }
    }
    if (count != 2) return passed_on;
    if (is(words[0], "focus") && is(words[1], "status")) return focus_status;
    if (is(words[0], "timer") && is(words[1], "list")) return timer_list;
    return passed_on;
}

// Before Foundation's own constructors (default priority).
__attribute__((constructor(101))) static void tempo_front_start(int argc, char **argv, char **environment) {
    (void)environment;
    if (argc < 1 || !argv) return;
    switch (quick_line(argc, argv)) {
    case passed_on: tempo_pass_on(argv, "not a quick command");
    // Only status touches enough fresh pages to gain from asking for them at once (prefault.c);
    // for the help text it would be most of the work.
    case focus_status: tempo_prefault(); break;
    case help: case timer_list: break;
    }
}
