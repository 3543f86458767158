/** Where the service keeps its database when no DATABASE_URL names a server. */
import { resolve } from 'node:path';
import { loadConfig, staffTokenBits } from './config';

test('DATA_DIR: a folder, :memory: for none, and the default data/ when unset or empty (never the working directory itself)', () => {
  expect(loadConfig({ DATA_DIR: '/tmp/hbb-data' }).dataDir).toBe('/tmp/hbb-data');
  expect(loadConfig({ DATA_DIR: ':memory:' }).dataDir).toBeNull();
  expect(loadConfig({}).dataDir).toBe(resolve('data'));
  expect(loadConfig({ DATA_DIR: '' }).dataDir).toBe(resolve('data'));
});

describe('issue 22: production refuses what would hand the site over', () => {
  const strong = 'k3J9vQ2xW7pL0aZ5mN8rT1yB'; // 24 base64 characters: 144 bits

  test('NODE_ENV=production with SANDBOX=1 does not start, unless STAGING=1 says it is a staging site; then a warning on every start', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SANDBOX: '1' })).toThrow(/SANDBOX=1.*STAGING=1/s);
    const staging = loadConfig({ NODE_ENV: 'production', SANDBOX: '1', STAGING: '1' });
    expect(staging.sandbox).toBe(true);
    expect(staging.warnings).toEqual([expect.stringMatching(/^WARNING: a staging site/)]);
    // Production without the sandbox, and the demo, start quietly.
    expect(loadConfig({ NODE_ENV: 'production' }).warnings).toEqual([]);
    expect(loadConfig({ NODE_ENV: 'production', SANDBOX: '0', STAGING: '1' }).warnings).toEqual([]);
    expect(loadConfig({}).sandbox).toBe(true);
    expect(loadConfig({}).warnings).toEqual([]);
  });

  test('a production STAFF_TOKEN under 128 bits is refused at start-up', () => {
    for (const weak of ['a', 's3cret', 'demo-staff-token', '0123456789abcdef0123456789abcde', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 'abababababababababababab', 'k3J9vQ2xW7pL0aZ5mN8r']) {
      expect(() => loadConfig({ NODE_ENV: 'production', STAFF_TOKEN: weak })).toThrow(/STAFF_TOKEN is too weak/);
    }
    expect(loadConfig({ NODE_ENV: 'production', STAFF_TOKEN: strong }).staffToken).toBe(strong);
    expect(loadConfig({ NODE_ENV: 'production', STAFF_TOKEN: '0123456789abcdef0123456789abcdef' }).staffToken).toHaveLength(32);
    expect(loadConfig({ NODE_ENV: 'production', STAFF_TOKEN: 'k3J9vQ2xW7pL0aZ5mN8rT1' }).staffToken).toHaveLength(22);
    // Outside production the demo token stays.
    expect(loadConfig({ STAFF_TOKEN: 'a' }).staffToken).toBe('a');
  });

  test('the rule: length x log2(alphabet), 0 under 8 distinct characters', () => {
    expect(staffTokenBits('0123456789abcdef0123456789abcdef')).toBe(128);
    expect(staffTokenBits('0123456789abcdef0123456789abcde')).toBe(124);
    expect(staffTokenBits('k3J9vQ2xW7pL0aZ5mN8rT1')).toBe(130);
    expect(staffTokenBits('k3J9vQ2xW7pL0aZ5mN8rT_')).toBe(132);
    expect(staffTokenBits('k3J9vQ2xW7pL0aZ5mN8r')).toBe(119);
    expect(staffTokenBits('abababababababababababababababababababab')).toBe(0);
    expect(staffTokenBits('Tr0ub4dor&3-correct horse')).toBe(164);
  });
});

test('issue 22: source maps are served only when SERVE_SOURCE_MAPS=1', () => {
  expect(loadConfig({}).serveSourceMaps).toBe(false);
  expect(loadConfig({ NODE_ENV: 'production' }).serveSourceMaps).toBe(false);
  expect(loadConfig({ SERVE_SOURCE_MAPS: '1' }).serveSourceMaps).toBe(true);
});

test('issue 26: the print worker settings (PRINT_*), on by default, a claim at least twice the send timeout', () => {
  expect(loadConfig({}).print).toEqual({ worker: true, pollMs: 500, concurrency: 8, sendTimeoutMs: 5_000, retryMs: 1_000, retryMaxMs: 30_000, claimMs: 60_000, retentionDays: 14, housekeepingMs: 3_600_000 });
  const set = loadConfig({ PRINT_WORKER: '0', PRINT_POLL_MS: '100', PRINT_CONCURRENCY: '2', PRINT_SEND_TIMEOUT_MS: '40000', PRINT_RETRY_MS: '200', PRINT_RETRY_MAX_MS: '5000', PRINT_CLAIM_MS: '1000' }).print;
  expect(set).toEqual({ worker: false, pollMs: 100, concurrency: 2, sendTimeoutMs: 40_000, retryMs: 200, retryMaxMs: 5_000, claimMs: 80_000, retentionDays: 14, housekeepingMs: 3_600_000 });
  expect(() => loadConfig({ PRINT_POLL_MS: '0' })).toThrow(/PRINT_POLL_MS/);
});
