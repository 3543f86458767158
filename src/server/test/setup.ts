/**
 * The service's tests start a real HTTP server over a fresh, migrated database
 * (harness.ts): on a loaded machine that alone can take more than Jest's
 * default 5 s. Every service test and hook gets 60 s unless it sets its own:
 * on a fresh clone (no transform cache) at a load of 5, a file's first harness,
 * compiled, migrated and seeded with four scans after it, took over 30 s
 * (operations/orders/sheet.test.ts, 2026-11-29); it takes 28 s of the file's
 * time on a warm tree.
 */
jest.setTimeout(60_000);
