// CPrefault has nothing to call: linking it runs its constructor before `main` (prefault.c).
