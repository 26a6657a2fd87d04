// How the server process is started, by `npm start` (scripts/start.mjs) and by the benchmarks
// (bench/lib.ts), so that what is measured is what runs.

/**
 * Node's flags for the server. `--heap-growing-percent=50`: V8 lets the old generation grow to
 * 1.5 times what its last full collection kept, instead of up to 4 times. Under a steady send
 * rate (a campaign at 1,000 sends a second) a few KB per send live long enough to be promoted,
 * then die: left to itself the process grew ~260 MB during a 100,000-contact campaign, with this
 * ~90 MB, for the same CPU (ARCHITECTURE.md, "The server's heap"). Set on the command line: set
 * at run time (v8.setFlagsFromString) it misses the first limit V8 computes, and the first peak
 * stays.
 */
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--heap-growing-percent=50'];

/** The bundled server (packages/server/build.mjs), relative to the repository's root. */
export const SERVER_ENTRY = 'packages/server/dist/main.mjs';
