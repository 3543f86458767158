/**
 * Issue 22 item 10, through the real start-up (src/server/main.ts in a child
 * process): NODE_ENV=production with SANDBOX=1 does not start; with STAGING=1
 * it starts and prints its warning.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

jest.setTimeout(120_000);

const MAIN = join(__dirname, 'main.ts');

function start(env: Record<string, string>, until: RegExp | null) {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: join(__dirname, '..', '..'),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: ':memory:', PORT: '0', HOST: '127.0.0.1', STATIC_DIR: '', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const check = () => {
      if (until && until.test(stdout)) child.kill('SIGTERM');
    };
    child.stdout.on('data', check);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

test('NODE_ENV=production SANDBOX=1: refused at start-up, saying why', async () => {
  const res = await start({ NODE_ENV: 'production', SANDBOX: '1' }, null);
  expect(res.code).toBe(1);
  expect(res.stderr).toMatch(/NODE_ENV=production with SANDBOX=1.*STAGING=1/);
  expect(res.stdout).not.toMatch(/Ordering service on/);
});

test('with STAGING=1: it starts, with a warning on stderr', async () => {
  const res = await start({ NODE_ENV: 'production', SANDBOX: '1', STAGING: '1' }, /Ordering service on/);
  expect(res.stdout).toMatch(/Ordering service on http:\/\/127\.0\.0\.1:\d+/);
  expect(res.stderr).toMatch(/^WARNING: a staging site \(STAGING=1\)/m);
});
