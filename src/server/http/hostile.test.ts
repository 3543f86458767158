/**
 * Hostile payloads against every operation of the catalogue, through the real
 * HTTP gateway (issue 16, "Done when"): fast-check generates rows of control
 * characters, huge, negative and fractional numbers, wrong types, deep
 * nesting, prototype keys (__proto__, constructor, prototype) and unknown
 * fields, mixed with real demo ids so some payloads reach the handlers. Each
 * is sent with no session, a guest's and a member's. For every answer: HTTP
 * below 500, never 59999 (the service failed), and a refused request wrote
 * nothing (the row count of every table is unchanged; rate_limit counts
 * refused requests by design and is left out). The service answers its
 * health check afterwards.
 *
 * Runs on PGlite in `npm test` and on PostgreSQL with DATABASE_URL (CI's
 * second pass). The runs per operation are bounded so the file stays under
 * about a minute on the 2-core machine; HOSTILE_RUNS raises them.
 */
import fc from 'fast-check';
import type { z } from 'zod';
import { catalogue, type OperationName } from '../../shared/protocol/catalogue';
import { DEFAULT_AUTHORIZATION_CODE, encodeForm, ErrorCode } from '../../shared/protocol/envelope';
import { schemas } from '../../shared/protocol/schemas';
import { DEMO } from '../db/seed';
import { GatewayClient, startHarness, type Harness } from '../test/harness';
import { signedInAsChan } from '../test/signIn';

const RUNS = Number(process.env.HOSTILE_RUNS ?? 30);
const OPERATIONS = Object.keys(catalogue) as OperationName[];

let h: Harness;
let clients: { none: GatewayClient; guest: GatewayClient; member: GatewayClient };
let tables: string[];
const figures = { requests: 0, refused: 0, accepted: 0, http5xx: 0, internal: 0, wrote: 0 };

beforeAll(async () => {
  h = await startHarness({
    // Lifted: this suite is about crashes, not floods (the limits have tests of their own).
    rateLimits: { memberPerMinute: 1_000_000, ipPerMinute: 1_000_000 },
    anonymousWriteLimits: { ipPerMinute: 1_000_000, globalPerMinute: 1_000_000, networkPerMinute: 1_000_000, failedIpPerMinute: 1_000_000, failedNetworkPerMinute: 1_000_000, slowMs: 0 },
    smsLimits: { phonePerDay: 1_000_000, ipPerDay: 1_000_000 },
  });
  const guest = new GatewayClient(h.url);
  const login = await guest.call('EntVip_EntVipGuestLogin_Add', [{ EntID: DEMO.entId, ShopID: DEMO.shops.main, BaseID: DEMO.bases.dineIn }]);
  expect(login.errcode).toBe('0');
  clients = { none: new GatewayClient(h.url), guest, member: await signedInAsChan(h) };
  tables = (
    await h.db.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name NOT IN ('rate_limit', 'schema_migrations')
        ORDER BY table_name`,
    )
  ).map((r) => r.name);
}, 60_000);

afterAll(async () => {
  console.log(
    `hostile payloads: ${OPERATIONS.length} operations x ${RUNS} payloads = ${figures.requests} requests (each as no session, a guest or a member); ` +
      `${figures.refused} refused, ${figures.accepted} accepted; HTTP 5xx: ${figures.http5xx}; 59999: ${figures.internal}; refused but wrote: ${figures.wrote}`,
  );
  await h?.close();
});

/** Row counts of every table, in one statement. */
async function rowCounts(): Promise<Record<string, number>> {
  const [row] = await h.db.query<Record<string, number>>(
    `SELECT ${tables.map((t) => `(SELECT count(*)::int FROM "${t}") AS "${t}"`).join(', ')}`,
  );
  return Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, Number(v)]));
}

// Generators -------------------------------------------------------------------

/** The field names an operation's payload rows know (tableData and Item1), read from its schema. */
function fieldsOf(name: OperationName): { row: string[]; item: string[] } {
  const shape = (s: unknown): Record<string, z.ZodType> => ((s as { shape?: Record<string, z.ZodType> } | undefined)?.shape ?? {});
  const element = (s: unknown): unknown => (s as { element?: unknown } | undefined)?.element;
  const top = shape(schemas[name].payload);
  return { row: Object.keys(shape(element(top.tableData))), item: Object.keys(shape(element(top.Item1))) };
}

const CONTROL_STRINGS = ['a\u0000b', '\u0000', 'x\u0001y', 'tab\u001bescape', 'del\u007f', 'line\nbreak\r\n', '\u0008\u000b\u000c'];
const EDGE_STRINGS = [
  '', ' ', "'; DROP TABLE sheet; --", '%00', '\\u0000', '\uD800', '𝟘💥', '9'.repeat(40), '-1', '1e400', 'NaN', 'Infinity',
  '2147483648', '-2147483649', '99999999999999999999', '0x10', '١٢٣', 'null', 'true', '[]', '{}', 'x'.repeat(5000),
];
const EDGE_NUMBERS = [
  0, -1, 1, 0.5, -0.0001, 2147483647, 2147483648, -2147483648, -2147483649, 32768, 1e14, 99999999999999.99, 1e15, 1e21,
  9007199254740993, -9007199254740993, 1.7976931348623157e308, -1e308, 5e-324,
];

/** Real ids of the demo, so some hostile payloads get past the lookups and into the handlers. */
const REAL_VALUES = [
  DEMO.entId, DEMO.shops.main, DEMO.bases.dineIn, DEMO.bases.quick, DEMO.tables.dineInA03, ...Object.values(DEMO.sheets),
  DEMO.goods.bbqPorkRice, DEMO.goods.milkTea, DEMO.vips.chan, DEMO.vips.lee, DEMO.cardCodes.welcome, '853', '66123456', 'QRCode', 'login',
];

const deep = fc.integer({ min: 2, max: 12 }).map((d) => JSON.parse(`${'['.repeat(d)}1${']'.repeat(d)}`) as unknown);
const wrongType = fc.constantFrom<unknown>(null, true, false, [], {}, [1, 'a'], { a: 1 }, [[]], { EntID: 'x' });
const leaf: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...CONTROL_STRINGS).chain((c) => fc.string({ maxLength: 8 }).map((s) => `${s}${c}${s}`)), weight: 4 },
  { arbitrary: fc.constantFrom(...EDGE_STRINGS), weight: 2 },
  { arbitrary: fc.constantFrom(...EDGE_NUMBERS), weight: 4 },
  fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map((b) => b.toString())),
  fc.string({ unit: 'binary', maxLength: 30 }),
  wrongType,
  deep,
  fc.constantFrom(...REAL_VALUES),
);

const UNKNOWN_KEYS = ['Unknown', 'isAdmin', 'VipID', 'Balance', 'Status', 'toString', 'hasOwnProperty', 'valueOf', '$where', ''];
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];
const BASE_KEYS = new Set(['EntID', 'UserID', 'AppID', 'Secret', 'BSN', 'AppName']);

/** Values the schema would take for a field, by its name: most fields get one, so the hostile ones reach deeper. */
const PLAUSIBLE: Record<string, readonly unknown[]> = {
  EntID: [DEMO.entId], UserID: [DEMO.userId], ShopID: [DEMO.shops.main], BaseID: [DEMO.bases.dineIn, DEMO.bases.quick],
  TableID: [DEMO.tables.dineInA03, ''], SheetID: [...Object.values(DEMO.sheets), ''], GoodsID: [DEMO.goods.bbqPorkRice, DEMO.goods.milkTea],
  SkuID: [DEMO.skus.milkTeaRegularHot, ''], VipID: [DEMO.vips.chan, DEMO.vips.lee, ''], CardCode: [DEMO.cardCodes.welcome], PlanID: [DEMO.cardPlans.cash20],
  Field: ['QRCode', 'TableID', 'BaseID', 'ShopID'], Value: [DEMO.tables.dineInA03, DEMO.bases.dineIn], Phone: ['66123456'], AreaNo: ['853'],
  Code: ['123456'], Qua: [1, 2], MQua: [1], PQua: [0], Amo: [0, 38, 1e13], TotalAmo: [0, 38, 1e13], PayAmo: [38], PageIndex: [1, 10_000], PageSize: [10, 1000],
  Status: [0, 1, 2], LocalSheetID: ['20261123170433689123'], FbContent: ['boom'], FbType: [0], RegisterType: [0, 1, 2], Sex: [0, 1, 2],
  GPS_Lng: [113.54], GPS_Lat: [22.19], Remark: ['no onions', 'two\nlines'], Purpose: ['login', 'change'], SourceType: ['VipPhoneVerify'],
  FileName: ['a.png'], FileSize: [1024, 5242880], FileType: ['image/png'], AddressID: ['1'], AccessToken: ['t'], OpenID: ['o'], RuleID: ['1'],
};

/** A row: plausible values for most of the given fields, hostile ones for some, plus unknown and prototype keys now and then. */
function hostileRow(fields: string[]): fc.Arbitrary<string> {
  // Each known field is sent five times in six: required fields are mostly there, so most payloads get past the shape.
  const known = fc
    .tuple(...fields.map(() => fc.oneof({ arbitrary: fc.constant(true), weight: 5 }, { arbitrary: fc.constant(false), weight: 1 })))
    .map((sent) => fields.filter((_, i) => sent[i]));
  const value = (key: string) =>
    fc.oneof({ arbitrary: fc.constantFrom(...(Object.hasOwn(PLAUSIBLE, key) ? PLAUSIBLE[key]! : REAL_VALUES)), weight: 6 }, { arbitrary: leaf, weight: 1 });
  return fc
    .record({
      keys: known,
      unknown: fc.subarray(UNKNOWN_KEYS, { maxLength: 2 }),
      placeholders: fc.boolean(),
    })
    // One field (the target) always gets a hostile value; the others mostly plausible ones.
    .chain(({ keys, unknown, placeholders }) =>
      fc
        .tuple(fc.nat(), ...[...keys, ...unknown].map((key) => fc.tuple(value(key), leaf).map(([v, bad]) => [key, v, bad] as const)))
        .map(([target, ...triples]) => {
          // The operation's own fields first: the envelope's (EntID, AppID...) only when it has none.
          const own = triples.map(([key], i) => (BASE_KEYS.has(key) || i >= keys.length ? -1 : i)).filter((i) => i >= 0);
          const candidates = own.length > 0 ? own : keys.map((_, i) => i);
          const chosen = candidates.length > 0 ? candidates[target % candidates.length] : -1;
          return { pairs: triples.map(([key, v, bad], i) => [key, i === chosen ? bad : v] as const), placeholders };
        }),
    )
    .map(({ pairs, placeholders }) => {
      const entries: string[] = [];
      if (placeholders) entries.push(`"EntID":"${DEMO.entId}"`, '"AppID":"@AppID"', '"Secret":"@Secret"', '"BSN":"@BSN"');
      for (const [key, v] of pairs) entries.push(`${JSON.stringify(key)}:${JSON.stringify(v) ?? 'null'}`);
      return `{${entries.join(',')}}`;
    });
}

/** The whole strJsonData: usually { tableData: [rows], Item1: [rows] }, sometimes a wrong shape. */
function hostileJson(name: OperationName): fc.Arbitrary<string> {
  const { row, item } = fieldsOf(name);
  const rows = fc.array(hostileRow(row), { minLength: 1, maxLength: 3 }).map((r) => `[${r.join(',')}]`);
  const items = fc.array(hostileRow(item.length ? item : ['GoodsID', 'Qua', 'Amo']), { minLength: 1, maxLength: 3 }).map((r) => `[${r.join(',')}]`);
  const wellShaped = fc
    .record({
      rows,
      // Item1 always for the order submits, now and then for the rest (an unknown list).
      items: item.length ? items : sometimes(items, 4),
      extra: sometimes(fc.constantFrom('"Item2":[{}]', '"tableData2":1', '"isAdmin":true'), 4),
      proto: sometimes(fc.constantFrom(...PROTO_KEYS), 8),
    })
    .map(({ rows: r, items: i, extra, proto }) => {
      // Written by hand: JSON.stringify would drop a __proto__ key of a plain object.
      const rowsText = proto ? r.replace(/^\[\{/, `[{"${proto}":{"polluted":true,"isAdmin":1},`).replace(',}', '}') : r;
      return `{"tableData":${rowsText}${i ? `,"Item1":${i}` : ''}${extra ? `,${extra}` : ''}}`;
    });
  const misShaped = leaf.map((v) => `{"tableData":${JSON.stringify(v) ?? 'null'}}`);
  return fc.oneof({ arbitrary: wellShaped, weight: 5 }, { arbitrary: misShaped, weight: 1 });
}

/** The value one time in `every`, else null. */
function sometimes<T>(arb: fc.Arbitrary<T>, every: number): fc.Arbitrary<T | null> {
  return fc.oneof({ arbitrary: fc.constant(null), weight: every - 1 }, { arbitrary: arb, weight: 1 });
}

const callers = ['none', 'guest', 'member'] as const;

async function send(caller: (typeof callers)[number], name: OperationName, json: string) {
  const body = encodeForm({
    HBBWSType: String(catalogue[name].service),
    strKeyName: name,
    strJsonData: json,
    strAuthorizationCode: DEFAULT_AUTHORIZATION_CODE,
    IsRSA: '0',
    APIEntID: DEMO.entId,
  });
  // The member's and the guest's cookies stay theirs: a hostile call may not end or change a session.
  const client = clients[caller];
  const cookie = client.cookie;
  const res = await client.raw(body);
  client.cookie = cookie;
  // But a sign-out that was accepted did end it (issue 22): the caller signs in again for the next payload.
  if (name === 'EntVip_EntVipLogout_Add' && caller !== 'none' && res.json.errcode === '0') {
    if (caller === 'member') clients.member = await signedInAsChan(h);
    else {
      const guest = new GatewayClient(h.url);
      expect((await guest.call('EntVip_EntVipGuestLogin_Add', [{ EntID: DEMO.entId, ShopID: DEMO.shops.main, BaseID: DEMO.bases.dineIn }])).errcode).toBe('0');
      clients.guest = guest;
    }
  }
  return res;
}

describe.each(OPERATIONS.map((name) => [name]))('%s', (name) => {
  test('hostile payloads: no 5xx, no 59999, a refusal writes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(hostileJson(name), fc.constantFrom(...callers), async (json, caller) => {
        const before = await rowCounts();
        const { status, json: answer } = await send(caller, name, json);
        figures.requests += 1;
        if (status >= 500) figures.http5xx += 1;
        if (answer.errcode === ErrorCode.internal) figures.internal += 1;
        expect(status).toBeLessThan(500);
        expect({ errcode: answer.errcode, errmsg: answer.errmsg }).not.toEqual(expect.objectContaining({ errcode: ErrorCode.internal }));
        if (answer.errcode === '0') {
          figures.accepted += 1;
          return;
        }
        figures.refused += 1;
        if (process.env.HOSTILE_DEBUG) console.log(name, caller, answer.errcode, answer.errmsg.slice(0, 120));
        const after = await rowCounts();
        if (JSON.stringify(after) !== JSON.stringify(before)) figures.wrote += 1;
        expect(after).toEqual(before);
      }),
      { numRuns: RUNS, seed: Number(process.env.HOSTILE_SEED ?? 1616), endOnFailure: true },
    );
  });
});

test('the service is alive afterwards', async () => {
  const res = await fetch(`${h.url}/healthz`);
  expect(res.status).toBe(200);
  expect(((await res.json()) as { ok: boolean }).ok).toBe(true);
  expect(figures.http5xx).toBe(0);
  expect(figures.internal).toBe(0);
  expect(figures.wrote).toBe(0);
});
