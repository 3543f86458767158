/**
 * The service's tests start a real HTTP server over a fresh, migrated database
 * (harness.ts): on a loaded machine that alone can take more than Jest's
 * default 5 s. Every service test and hook gets 30 s unless it sets its own.
 */
jest.setTimeout(30_000);
