/**
 * An empty database's first owner (SEED_DEMO=0) without SQL: `npm run owner`
 * (scripts/owner.ts) over createFirstOwner. The owner it makes signs in at the
 * staff program and works in the back office at once; a second owner, a
 * taken login or a short password are refused with nothing written.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startHarness, type Harness } from '../test/harness';
import { createFirstOwner, FirstOwnerRefused } from './firstOwner';

jest.setTimeout(240_000);

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ staffToken: 'first-owner-token' }, { seed: false });
});
afterAll(() => h.close());

const count = async (table: string) => Number((await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n);

test('an empty database: the business, its first outlet and its owner, who signs in and adds a table in the back office', async () => {
  expect(await count('enterprise')).toBe(0);
  // Nothing to attach an owner to without the business's names.
  await expect(createFirstOwner(h.db, { login: 'ana', name: 'Ana Lei', password: 'casa-ana-2026' }, new Date())).rejects.toThrow(/--business "\.\.\." --outlet/);
  await expect(createFirstOwner(h.db, { login: 'ana', name: 'Ana Lei', password: 'short', business: 'Casa Ana', outlet: 'Taipa' }, new Date())).rejects.toThrow(FirstOwnerRefused);
  expect(await count('enterprise')).toBe(0);

  const owner = await createFirstOwner(h.db, { login: 'Ana', name: 'Ana Lei', password: 'casa-ana-2026', business: 'Casa Ana', outlet: 'Casa Ana Taipa' }, new Date());
  expect(owner.login).toBe('ana');
  expect(owner.baseId).toBeTruthy();

  const signIn = await fetch(`${h.url}/staff/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: 'ana', password: 'casa-ana-2026' }) });
  expect(signIn.status).toBe(200);
  expect(((await signIn.json()) as { account: { role: string; displayName: string } }).account).toMatchObject({ role: 'owner', displayName: 'Ana Lei' });
  const cookie = signIn.headers.getSetCookie()[0]!.split(';')[0]!;
  const outlets = (await (await fetch(`${h.url}/staff/outlets`, { headers: { cookie } })).json()) as { outlets: { baseId: string; name: string }[] };
  expect(outlets.outlets).toEqual([expect.objectContaining({ baseId: owner.baseId, name: 'Casa Ana Taipa' })]);
  const table = await fetch(`${h.url}/staff/tables`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ baseId: owner.baseId, name: 'T1' }) });
  expect(table.status).toBe(200);
  const [row] = await h.db.query<{ action: string }>("SELECT action FROM staff_audit WHERE action = 'business.create'");
  expect(row).toEqual({ action: 'business.create' });
});

test('a second owner, or a login taken, is refused and nothing is written', async () => {
  const before = [await count('enterprise'), await count('staff_account')];
  await expect(createFirstOwner(h.db, { login: 'bo', name: 'Bo', password: 'another-owner-1', business: 'X', outlet: 'Y' }, new Date())).rejects.toThrow(/already has an owner \("ana"\)/);
  await expect(createFirstOwner(h.db, { login: 'ANA', name: 'Ana again', password: 'another-owner-1' }, new Date())).rejects.toThrow(/taken/);
  expect([await count('enterprise'), await count('staff_account')]).toEqual(before);
});

test('npm run owner: the script on an empty database (in memory), its password drawn and shown once (one run: tsx and PGlite start, tens of seconds on a busy machine)', async () => {
  const root = join(__dirname, '..', '..', '..');
  const run = promisify(execFile);
  const env = { ...process.env, DATA_DIR: ':memory:', DATABASE_URL: '', OWNER_PASSWORD: '', NODE_OPTIONS: '' };
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/owner.ts', '--login', 'lei', '--name', 'Lei', '--business', 'Casa Lei', '--outlet', 'Casa Lei Centro'], { cwd: root, env });
  expect(stdout).toMatch(/Owner account "lei" created with the business ENT\w+ and its first outlet BAS\w+/);
  expect(stdout).toMatch(/Its password \(shown once; change it in the staff program\): [\w-]{16}\n/);
});
