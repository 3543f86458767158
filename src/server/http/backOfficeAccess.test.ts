/**
 * Issue 27: the back office's roles hold on the service. Walks every row of
 * STAFF_ROUTE_ACCESS marked `backOffice` (the menu's, the outlets', the
 * reports'... whoever adds one is covered here) with each caller: the owner,
 * a manager of the outlet the request names, a manager of another outlet, a
 * cashier, the kitchen, and nobody. Kitchen and cashier accounts get 403 on
 * every back-office route, nobody 401; the owner and an in-scope manager get
 * past the door (whatever the handler then answers to the probe's empty
 * input: 400, 404...), and a manager scoped elsewhere is refused wherever the
 * door can see the outlet (the query's baseId).
 */
import { STAFF_SECTION_ACCESS, STAFF_SECTION_IDS, sectionsFor } from '../../shared/protocol/staffSections';
import { STAFF_ROLES } from '../../shared/protocol/staffAccounts';
import { DEMO, DEMO_STAFF } from '../db/seed';
import { startHarness, type Harness } from '../test/harness';
import { MANAGERS, STAFF_ROUTE_ACCESS } from './staffAuth';

jest.setTimeout(120_000);

let h: Harness;
const cookies: Record<string, string> = {};
const BACK_OFFICE = Object.entries(STAFF_ROUTE_ACCESS).filter(([, e]) => e.backOffice);

async function signIn(login: string, password: string): Promise<string> {
  const res = await fetch(`${h.url}/staff/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login, password }) });
  expect([login, res.status]).toEqual([login, 200]);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

beforeAll(async () => {
  h = await startHarness({ staffToken: 'back-office-access-token', staffAuthFailuresPerMinute: 100_000 });
  const manager = DEMO_STAFF.find((s) => s.login === 'manager')!;
  // A manager of another outlet (Horta e Costa), with the demo manager's password.
  await h.db.query(
    `INSERT INTO staff_account (account_id, ent_id, login, display_name, role, outlets, password_hash, pin_hash, created_at, updated_at)
     SELECT 'STF-ACCESS-OTHER', ent_id, 'manager-elsewhere', 'Manager elsewhere', 'manager', ARRAY[$2]::text[], password_hash, pin_hash, created_at, updated_at
       FROM staff_account WHERE login = $1`,
    ['manager', DEMO.bases.quick],
  );
  for (const s of DEMO_STAFF) cookies[s.login] = await signIn(s.login, s.password);
  cookies['manager-elsewhere'] = await signIn('manager-elsewhere', manager.password);
});
afterAll(() => h.close());

/** Calls the route with a probe: ids that name nothing, the demo manager's outlet as the query's (or the path's) baseId, an empty JSON body. */
async function probe(key: string, cookie: string | null): Promise<{ status: number; text: string }> {
  const [method, path] = key.split(' ') as [string, string];
  const url = `${h.url}${path.replace(':baseId', DEMO.bases.dineIn).replace(/:(\w+)/g, 'no-such-$1')}?baseId=${DEMO.bases.dineIn}&shopId=${DEMO.shops.main}`;
  const res = await fetch(url, {
    method,
    headers: { ...(cookie ? { cookie } : {}), ...(method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' }), 'accept-language': 'en' },
    body: method === 'GET' || method === 'DELETE' ? undefined : '{}',
  });
  return { status: res.status, text: await res.text() };
}

test('the back office has routes, and none of them is open to the kitchen or the counter', () => {
  // The menu's, the outlets' and tables', the loyalty's and the reports' (issue 27).
  const keys = BACK_OFFICE.map(([k]) => k);
  expect(keys).toEqual(
    expect.arrayContaining(['POST /staff/goods', 'PATCH /staff/goods/:id', 'GET /staff/menu/export.csv', 'POST /staff/menu/import', 'POST /staff/tables', 'PATCH /staff/outlets/:baseId', 'GET /staff/reports/sales', 'POST /staff/loyalty/plans', 'GET /staff/goods/:id/diet', 'PUT /staff/goods/:id/diet', 'PUT /staff/goods/:id/pairings']),
  );
  for (const [key, entry] of BACK_OFFICE) {
    expect([key, entry.roles.every((r) => MANAGERS.includes(r))]).toEqual([key, true]);
  }
});

describe("the staff program's tabs (shared/protocol/staffSections.ts) are the service's rules (issue 27)", () => {
  test('a section standing on a route of STAFF_ROUTE_ACCESS has exactly its roles', () => {
    for (const id of STAFF_SECTION_IDS) {
      const { route, roles } = STAFF_SECTION_ACCESS[id];
      const row = STAFF_ROUTE_ACCESS[route];
      if (row) expect([id, [...roles].sort()]).toEqual([id, [...row.roles].sort()]);
    }
    // The back office's tabs are the managers' (every back-office row is theirs, above).
    for (const id of ['menu', 'outlets', 'loyalty', 'reports'] as const) expect(STAFF_ROUTE_ACCESS[STAFF_SECTION_ACCESS[id].route]?.backOffice).toBe(true);
  });

  test.each(STAFF_ROLES)('%s: the service lets it through the routes of the tabs it is shown, and refuses the others with 403', async (role) => {
    const shown = sectionsFor(role);
    for (const id of STAFF_SECTION_IDS) {
      const { status } = await probe(STAFF_SECTION_ACCESS[id].route, cookies[role]!);
      expect([id, status === 403]).toEqual([id, !shown.includes(id)]);
    }
    expect(shown).toContain('kitchen');
  });

  test('the kitchen sees no back office and no staff accounts; the counter no staff accounts', () => {
    expect(sectionsFor('kitchen')).toEqual(['kitchen', 'soldOut', 'printers']);
    expect(sectionsFor('cashier')).toEqual(['kitchen', 'member', 'printers']);
    expect(sectionsFor('owner')).toEqual([...STAFF_SECTION_IDS]);
  });
});

describe.each(BACK_OFFICE)('%s', (key, entry) => {
  test('nobody: 401; kitchen and cashier: 403', async () => {
    expect((await probe(key, null)).status).toBe(401);
    expect((await probe(key, cookies.kitchen!)).status).toBe(403);
    expect((await probe(key, cookies.cashier!)).status).toBe(403);
  });

  test('the owner gets past the door to a route that is served', async () => {
    const res = await probe(key, cookies.owner!);
    expect(res.status).not.toBe(401);
    expect(res.status).not.toBe(403);
    expect(res.text).not.toMatch(/Route .* not found/);
    expect(res.status).toBeLessThan(500);
  });

  test('a manager: past the door when the role may and the outlet is theirs; refused for another outlet the door sees', async () => {
    const mine = await probe(key, cookies.manager!);
    const elsewhere = await probe(key, cookies['manager-elsewhere']!);
    if (!entry.roles.includes('manager')) {
      expect(mine.status).toBe(403);
      expect(elsewhere.status).toBe(403);
      return;
    }
    expect([401, 403]).not.toContain(mine.status);
    expect(mine.status).toBeLessThan(500);
    if (entry.scope === 'query' || entry.scope === 'outletParam') expect(elsewhere.status).toBe(403);
    else expect(elsewhere.status).not.toBe(401);
  });
});
