// The target's only function is inline in its header; this file makes it a C target.
#include "tempo_prefetch.h"
