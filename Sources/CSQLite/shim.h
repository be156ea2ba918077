// SQLite's C interface, for the quick read-only path of `tempo-front` (the rest of Tempo reads
// the store through GRDB).
#include <sqlite3.h>
