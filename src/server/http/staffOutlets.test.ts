/**
 * Issue 27 section 2 through the real HTTP server (PGlite, or PostgreSQL
 * with DATABASE_URL): the back office's tables and their codes, the printed
 * QR sheet decoded back (pdftoppm renders its pages, jsqr reads each code,
 * the app's table lookup resolves each link to its table), the outlet's
 * settings with their version, and the role x route rules of these routes.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { DEMO, DEMO_STAFF } from '../db/seed';
import { DEMO_SHEET_TABLE_NAMES } from '../db/seed/demo';
import { PER_PAGE, qrSheetCell, qrSheetPdf, QR_SHEET_LAYOUT } from '../operations/backOffice/tablesQr';
import { GatewayClient, startHarness, type Harness } from '../test/harness';
import { deliveryHeader, guestClient, line, submit } from '../test/orders';

jest.setTimeout(180_000);

let h: Harness;
const cookies: Record<string, string> = {};

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
interface Call {
  status: number;
  json: Json;
  body: Buffer;
  headers: Headers;
}
async function call(method: string, path: string, opts: { as?: string; body?: unknown; lang?: string } = {}): Promise<Call> {
  const res = await fetch(`${h.url}${path}`, {
    method,
    headers: {
      ...(opts.as ? { cookie: cookies[opts.as]! } : {}),
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      'accept-language': opts.lang ?? 'en',
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const body = Buffer.from(await res.arrayBuffer());
  const json = (res.headers.get('content-type') ?? '').includes('json') && body.length ? (JSON.parse(body.toString('utf8')) as Json) : {};
  return { status: res.status, json, body, headers: res.headers };
}

beforeAll(async () => {
  h = await startHarness({ staffToken: 'outlet-tests-token', trustProxy: true, publicUrl: 'https://order.example.mo' });
  for (const s of DEMO_STAFF) {
    const res = await fetch(`${h.url}/staff/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${Object.keys(cookies).length + 20}` },
      body: JSON.stringify({ login: s.login, password: s.password }),
    });
    expect([s.login, res.status]).toEqual([s.login, 200]);
    cookies[s.login] = res.headers.getSetCookie()[0]!.split(';')[0]!;
  }
});
afterAll(() => h.close());

const SAN_MA_LO = DEMO.bases.dineIn;
const OTHER = DEMO.bases.quick;

/** What the app's entry does with a scanned link: the service's table lookup by its QRCode. */
async function lookUp(link: string): Promise<{ errcode: string; errmsg: string; tableId: string }> {
  const code = new URL(link).hash.replace(/^#\/\?/, '');
  const qr = new URLSearchParams(code).get('QRCode') ?? '';
  const res = await new GatewayClient(h.url, 'en').call('Enterprise_EntIDByIDGet_Get', [{ Field: 'QRCode', Value: qr }]);
  return { errcode: res.errcode, errmsg: res.errmsg, tableId: String(res.data?.table1?.[0]?.TableID ?? '') };
}

/** The QR codes of a PDF: each page rendered at `dpi` (pdftoppm), each cell of the layout decoded (jsqr). */
async function decodeSheet(pdf: Buffer, dpi = 150): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'qr-sheet-'));
  try {
    writeFileSync(join(dir, 'sheet.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', String(dpi), '-png', join(dir, 'sheet.pdf'), join(dir, 'page')]);
    const pages = readdirSync(dir).filter((f) => f.startsWith('page') && f.endsWith('.png')).sort();
    const found: string[] = [];
    const k = dpi / 72;
    for (const page of pages) {
      // Each page read once; each cell cut from its pixels.
      const whole = await sharp(readFileSync(join(dir, page))).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      for (let i = 0; i < PER_PAGE; i += 1) {
        const cell = qrSheetCell(i);
        const region = { left: Math.floor(cell.x * k), top: Math.floor(cell.y * k), width: Math.floor(cell.width * k), height: Math.floor(cell.height * k) };
        const { data, info } = await sharp(whole.data, { raw: whole.info }).extract(region).raw().toBuffer({ resolveWithObject: true });
        const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
        if (code) found.push(code.data);
      }
    }
    return found;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('tables and their codes', () => {
  let added: Json;

  test('POST /staff/tables adds a table with a code whose link opens the app at it', async () => {
    const res = await call('POST', '/staff/tables', { as: 'manager', body: { baseId: SAN_MA_LO, name: 'Terrace 1' } });
    expect(res.status).toBe(200);
    added = res.json.table;
    expect(added).toMatchObject({ baseId: SAN_MA_LO, name: 'Terrace 1', openSheet: false });
    expect(added.code).toMatch(/^[a-z0-9]+-[a-z2-7]{16}$/);
    expect(added.link).toBe(`https://order.example.mo/#/?QRCode=${encodeURIComponent(added.code)}`);
    expect(await lookUp(added.link)).toMatchObject({ errcode: '0', tableId: added.tableId });
    // The same name again at the outlet: refused, in the caller's language.
    const again = await call('POST', '/staff/tables', { as: 'owner', body: { baseId: SAN_MA_LO, name: 'terrace 1' }, lang: 'zh-TW' });
    expect(again.status).toBe(409);
    expect(again.json.error).toContain('已有名為');
    const [row] = await h.db.query<{ actor_name: string; before: unknown; after: Json }>(`SELECT actor_name, before, after FROM staff_audit WHERE action = 'table.add' AND target = $1`, [added.tableId]);
    expect(row).toMatchObject({ before: null, after: { baseId: SAN_MA_LO, name: 'Terrace 1' } });
  });

  test('PATCH renames; the audit has before and after', async () => {
    const res = await call('PATCH', `/staff/tables/${added.tableId}`, { as: 'manager', body: { name: 'Terrace A' } });
    expect(res.status).toBe(200);
    expect(res.json.table).toMatchObject({ tableId: added.tableId, name: 'Terrace A', code: added.code });
    const [row] = await h.db.query<{ before: Json; after: Json }>(`SELECT before, after FROM staff_audit WHERE action = 'table.rename' AND target = $1`, [added.tableId]);
    expect(row).toEqual({ before: { baseId: SAN_MA_LO, name: 'Terrace 1' }, after: { baseId: SAN_MA_LO, name: 'Terrace A' } });
    expect((await call('PATCH', `/staff/tables/${added.tableId}`, { as: 'manager', body: { name: '' } })).status).toBe(400);
  });

  test('rotating a code: the old link stops at once (invalid, scan again), the new one opens the table', async () => {
    const res = await call('POST', `/staff/tables/${added.tableId}/rotate-code`, { as: 'owner' });
    expect(res.status).toBe(200);
    const rotated = res.json.table;
    expect(rotated.code).not.toBe(added.code);
    expect(rotated.codeRotatedAt).not.toBeNull();
    expect(await lookUp(added.link)).toMatchObject({ errcode: expect.not.stringMatching(/^0$/), errmsg: 'Invalid QR Code' });
    expect(await lookUp(rotated.link)).toMatchObject({ errcode: '0', tableId: added.tableId });
    // The code itself is no part of the audit.
    const [row] = await h.db.query<{ after: Json }>(`SELECT after FROM staff_audit WHERE action = 'table.rotateCode' AND target = $1`, [added.tableId]);
    expect(JSON.stringify(row!.after)).not.toContain(rotated.code);
    added = rotated;
  });

  test('the table code as SVG and PNG decodes to the table link', async () => {
    const svg = await call('GET', `/staff/tables/${added.tableId}/code.svg`, { as: 'manager' });
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
    const png = await call('GET', `/staff/tables/${added.tableId}/code.png`, { as: 'manager' });
    expect(png.headers.get('content-type')).toBe('image/png');
    for (const image of [await sharp(svg.body).png().toBuffer(), png.body]) {
      const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      expect(jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data).toBe(added.link);
    }
  });

  test('the QR sheet: A4 pages, each code decoded is its table link, and the table lookup resolves it to that table', async () => {
    // More tables than a page holds: the sheet runs onto a second page.
    const { tables } = (await call('GET', `/staff/tables?baseId=${SAN_MA_LO}`, { as: 'manager' })).json as { tables: Json[] };
    expect(tables.length).toBeGreaterThan(PER_PAGE);
    const res = await call('GET', `/staff/outlets/${SAN_MA_LO}/qr-sheet`, { as: 'manager' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('x-qr-sheet-warning')).toBeNull();
    const pdf = res.body;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const info = execFileSync('pdfinfo', ['-'], { input: pdf }).toString();
    expect(info).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
    expect(info).toMatch(new RegExp(`Pages:\\s+${Math.ceil(tables.length / PER_PAGE)}\\n`));
    // The CJK font is embedded (a subset), and the texts are there in the three languages.
    const fonts = execFileSync('pdffonts', ['-'], { input: pdf }).toString();
    expect(fonts).toMatch(/NotoSansCJKtc-Regular/);
    expect(fonts).toMatch(/NotoSansCJKsc-Regular/);
    const text = execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString();
    for (const words of ['掃碼點餐', '扫码点餐', 'Scan to order', 'Terrace A']) expect(text).toContain(words);

    const decoded = await decodeSheet(pdf, 150);
    expect(decoded).toEqual(tables.map((t) => t.link));
    for (const [i, link] of decoded.entries()) expect(await lookUp(link)).toMatchObject({ errcode: '0', tableId: tables[i]!.tableId });
  });

  test('without the CJK font the sheet is still made, English only, and says so', async () => {
    const { pdf, fontFallback } = await qrSheetPdf({ outlet: { zh: '新馬路店', tw: '新馬路店', en: 'San Ma Lo' }, tables: [{ name: 'A1', link: 'https://x.example/#/?QRCode=a' }] }, '/no/such/font.ttc');
    expect(fontFallback).toBe(true);
    const text = execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString();
    expect(text).toContain('CJK font missing');
    // Vector codes: crisp when rendered at 300 dpi.
    expect(await decodeSheet(pdf, 300)).toEqual(["https://x.example/#/?QRCode=a"]);
    expect(QR_SHEET_LAYOUT.columns * QR_SHEET_LAYOUT.rows).toBe(PER_PAGE);
  });

  test('a table with an order under way cannot be removed (409); removing another stops its code', async () => {
    const [open] = await h.db.query<{ table_id: string }>(
      `SELECT t.table_id FROM dining_table t JOIN sheet s ON s.table_id = t.table_id AND s.status IN (0, 1) WHERE t.base_id = $1 AND t.table_name = $2`,
      [SAN_MA_LO, DEMO_SHEET_TABLE_NAMES.open],
    );
    expect(open).toBeDefined();
    const refused = await call('DELETE', `/staff/tables/${open!.table_id}`, { as: 'owner' });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toContain(DEMO_SHEET_TABLE_NAMES.open);
    const [still] = await h.db.query<{ removed_at: Date | null }>('SELECT removed_at FROM dining_table WHERE table_id = $1', [open!.table_id]);
    expect(still!.removed_at).toBeNull();

    const gone = await call('DELETE', `/staff/tables/${added.tableId}`, { as: 'manager' });
    expect(gone.status).toBe(200);
    expect(gone.json).toEqual({ tableId: added.tableId, removed: true });
    expect(await lookUp(added.link)).toMatchObject({ errmsg: 'Invalid QR Code' });
    const { tables } = (await call('GET', `/staff/tables?baseId=${SAN_MA_LO}`, { as: 'manager' })).json as { tables: Json[] };
    expect(tables.some((t) => t.tableId === added.tableId)).toBe(false);
    expect((await call('DELETE', `/staff/tables/${added.tableId}`, { as: 'manager' })).status).toBe(404);
    // The customer's table list leaves it out.
    const list = await new GatewayClient(h.url).call('Table_BaseTablesListByPage_Get', [{ BaseID: SAN_MA_LO }]);
    expect((list.data.table1 as Json[]).some((t) => t.TableID === added.tableId)).toBe(false);
  });
});

describe('the outlet settings', () => {
  const body = (o: Json, changes: Json = {}) => {
    const { baseId: _b, name: _n, ...rest } = o;
    return { ...rest, ...changes };
  };

  test('GET answers the settings with their version; PATCH saves them, every change audited', async () => {
    const res = await call('GET', `/staff/outlets/${SAN_MA_LO}`, { as: 'manager' });
    expect(res.status).toBe(200);
    const outlet = res.json.outlet;
    expect(outlet).toMatchObject({ baseId: SAN_MA_LO, version: 1, serviceChargePercent: 10 }); // the demo's San Ma Lo charges 10 % (issue 28)
    expect(Object.keys(outlet.hours.days)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    const hours = { days: { ...outlet.hours.days, '5': [{ begin: '11:00', end: '14:30' }, { begin: '18:00', end: '02:00' }], '1': [] }, closedDates: ['2026-12-25'] };
    const saved = await call('PATCH', `/staff/outlets/${SAN_MA_LO}`, { as: 'manager', body: body(outlet, { hours, serviceChargePercent: 12.5, webOrderMinutes: 90 }) });
    expect(saved.status).toBe(200);
    expect(saved.json.outlet).toMatchObject({ version: 2, serviceChargePercent: 12.5, webOrderMinutes: 90, hours });
    const [base] = await h.db.query<{ service_charge_bp: number; web_order_duration: number }>('SELECT service_charge_bp, web_order_duration FROM base WHERE base_id = $1', [SAN_MA_LO]);
    expect(base).toEqual({ service_charge_bp: 1250, web_order_duration: 90 });
    // The app reads the same hours: the shop page's OpeningHours.
    const page = await new GatewayClient(h.url).call('EShop_EShopShopPageGet_Get', [{ BaseID: SAN_MA_LO }]);
    expect(JSON.parse(String(page.data.table3![0]!.OpeningHours))).toMatchObject(hours);
    const [row] = await h.db.query<{ actor_name: string; before: Json; after: Json }>(`SELECT actor_name, before, after FROM staff_audit WHERE action = 'outlet.update' AND target = $1 ORDER BY audit_id DESC LIMIT 1`, [SAN_MA_LO]);
    expect(row!.before.serviceChargePercent).toBe(10);
    expect(row!.after.serviceChargePercent).toBe(12.5);
  });

  test('the tip at payment: offered or not, saved with the version like the other fields, audited; the payment follows it (issue 27)', async () => {
    const outlet = (await call('GET', `/staff/outlets/${OTHER}`, { as: 'owner' })).json.outlet;
    const [stored] = await h.db.query<{ tip_enabled: boolean }>('SELECT tip_enabled FROM base WHERE base_id = $1', [OTHER]);
    expect(outlet.tipEnabled).toBe(stored!.tip_enabled);
    const saved = await call('PATCH', `/staff/outlets/${OTHER}`, { as: 'owner', body: body(outlet, { tipEnabled: !outlet.tipEnabled }) });
    expect(saved.status).toBe(200);
    expect(saved.json.outlet).toMatchObject({ version: outlet.version + 1, tipEnabled: !outlet.tipEnabled });
    const [after] = await h.db.query<{ tip_enabled: boolean }>('SELECT tip_enabled FROM base WHERE base_id = $1', [OTHER]);
    expect(after!.tip_enabled).toBe(!outlet.tipEnabled);
    const [row] = await h.db.query<{ before: Json; after: Json }>(`SELECT before, after FROM staff_audit WHERE action = 'outlet.update' AND target = $1 ORDER BY audit_id DESC LIMIT 1`, [OTHER]);
    expect([row!.before.tipEnabled, row!.after.tipEnabled]).toEqual([outlet.tipEnabled, !outlet.tipEnabled]);
    // A save from the older version is refused and changes nothing; a save without the field keeps it.
    expect((await call('PATCH', `/staff/outlets/${OTHER}`, { as: 'owner', body: body(outlet, { tipEnabled: outlet.tipEnabled }) })).status).toBe(409);
    const { tipEnabled: _t, ...without } = body(saved.json.outlet);
    const kept = await call('PATCH', `/staff/outlets/${OTHER}`, { as: 'owner', body: without });
    expect(kept.json.outlet).toMatchObject({ version: outlet.version + 2, tipEnabled: !outlet.tipEnabled });
    // Back as it was.
    const back = await call('PATCH', `/staff/outlets/${OTHER}`, { as: 'owner', body: body(kept.json.outlet, { tipEnabled: outlet.tipEnabled }) });
    expect(back.json.outlet.tipEnabled).toBe(outlet.tipEnabled);
  });

  test('two managers editing the same outlet: the second save is refused with "changed by someone else" and the fresh values', async () => {
    const first = (await call('GET', `/staff/outlets/${SAN_MA_LO}`, { as: 'manager' })).json.outlet;
    const second = (await call('GET', `/staff/outlets/${SAN_MA_LO}`, { as: 'owner' })).json.outlet;
    expect((await call('PATCH', `/staff/outlets/${SAN_MA_LO}`, { as: 'manager', body: body(first, { serviceChargePercent: 12.5 }) })).status).toBe(200);
    const late = await call('PATCH', `/staff/outlets/${SAN_MA_LO}`, { as: 'owner', body: body(second, { webOrderMinutes: 30 }), lang: 'zh-CN' });
    expect(late.status).toBe(409);
    expect(late.json.error).toContain('已被其他人修改');
    expect(late.json.outlet).toMatchObject({ version: first.version + 1, serviceChargePercent: 12.5, webOrderMinutes: first.webOrderMinutes });
    const [base] = await h.db.query<{ web_order_duration: number }>('SELECT web_order_duration FROM base WHERE base_id = $1', [SAN_MA_LO]);
    expect(base!.web_order_duration).toBe(first.webOrderMinutes);
  });

  test('an invalid form is refused in the caller language and nothing is written', async () => {
    const outlet = (await call('GET', `/staff/outlets/${SAN_MA_LO}`, { as: 'manager' })).json.outlet;
    const bad = [
      { serviceChargePercent: 30.5 },
      { serviceChargePercent: 10.123 },
      { hours: { days: { ...outlet.hours.days, '2': [{ begin: '10:00', end: '10:00' }] }, closedDates: [] } },
      { hours: { days: { ...outlet.hours.days, '2': [{ begin: '10:00', end: '15:00' }, { begin: '14:00', end: '16:00' }] }, closedDates: [] } },
      { hours: { days: outlet.hours.days, closedDates: ['2026-02-30'] } },
      { delivery: { ...outlet.delivery, enabled: true, zone: { kind: 'radius', km: 0 } } },
      { delivery: { ...outlet.delivery, enabled: true, zone: { kind: 'polygon', points: [[22.19, 113.54], [22.2, 113.55], [22.19, 113.54]] } } },
      { delivery: { ...outlet.delivery, enabled: true, zone: { kind: 'radius', km: 3 }, fee: -1 } },
      { webOrderMinutes: -5 },
    ];
    for (const changes of bad) {
      const res = await call('PATCH', `/staff/outlets/${SAN_MA_LO}`, { as: 'manager', body: body(outlet, changes), lang: 'zh-TW' });
      expect([changes, res.status]).toEqual([changes, 400]);
      expect(res.json.error).toMatch(/^請更正：/);
      expect(res.json.problems.length).toBeGreaterThan(0);
    }
    expect((await call('GET', `/staff/outlets/${SAN_MA_LO}`, { as: 'manager' })).json.outlet).toEqual(outlet);
    // A polygon that closes with 3 points, and overnight ranges: saved.
    const polygon = [[22.19, 113.53], [22.2, 113.55], [22.18, 113.56]];
    const ok = await call('PATCH', `/staff/outlets/${SAN_MA_LO}`, { as: 'manager', body: body(outlet, { delivery: { enabled: true, zone: { kind: 'polygon', points: [...polygon, polygon[0]] }, fee: 5, minAmount: 80, freeAbove: null } }) });
    expect(ok.status).toBe(200);
    expect(ok.json.outlet.delivery).toEqual({ enabled: true, zone: { kind: 'polygon', points: polygon }, fee: 5, minAmount: 80, freeAbove: null });
  });
});

describe('the delivery polygon is the one the service orders by', () => {
  const body = (o: Json, changes: Json = {}) => {
    const { baseId: _b, name: _n, ...rest } = o;
    return { ...rest, ...changes };
  };
  // Lee Siu Ling's address (deliveryHeader): 22.2045, 113.5449, at the Horta e Costa outlet (OTHER).
  const around = [[22.21, 113.54], [22.21, 113.55], [22.2, 113.55], [22.2, 113.54]];
  const elsewhere = [[22.15, 113.55], [22.15, 113.56], [22.14, 113.56]];

  test('an address outside the drawn area is beyond range; inside it is not', async () => {
    const client = await guestClient(h);
    const order = () => submit(client, deliveryHeader({ TotalAmo: 200 }), [line(DEMO.goods.bbqPorkRice, 48), line(DEMO.goods.bbqPorkRice, 48)]);
    let outlet = (await call('GET', `/staff/outlets/${OTHER}`, { as: 'owner' })).json.outlet;
    const drawn = async (points: number[][]) => {
      const res = await call('PATCH', `/staff/outlets/${OTHER}`, { as: 'owner', body: body(outlet, { delivery: { ...outlet.delivery, enabled: true, zone: { kind: 'polygon', points } } }) });
      expect(res.status).toBe(200);
      outlet = res.json.outlet;
    };
    await drawn(elsewhere);
    expect((await order()).errmsg).toBe('Beyond distribution range');
    await drawn(around);
    expect((await order()).errmsg).not.toBe('Beyond distribution range');
  });
});

describe('who may do what (role x route)', () => {
  const routes = (tableId: string, base: string): [string, string, unknown?][] => [
    ['GET', `/staff/tables?baseId=${base}`],
    ['POST', '/staff/tables', { baseId: base, name: `R${Math.random().toString(36).slice(2, 7)}` }],
    ['PATCH', `/staff/tables/${tableId}`, { name: 'Renamed' }],
    ['POST', `/staff/tables/${tableId}/rotate-code`],
    ['GET', `/staff/tables/${tableId}/code.svg`],
    ['GET', `/staff/tables/${tableId}/code.png`],
    ['GET', `/staff/outlets/${base}/qr-sheet`],
    ['GET', `/staff/outlets/${base}`],
    ['PATCH', `/staff/outlets/${base}`, { version: 1 }],
    ['DELETE', `/staff/tables/${tableId}`],
  ];
  const tableAt = async (base: string) => (await h.db.query<{ table_id: string }>('SELECT table_id FROM dining_table WHERE base_id = $1 AND removed_at IS NULL ORDER BY sort DESC LIMIT 1', [base]))[0]!.table_id;

  test('kitchen and cashier accounts: 403 on every back-office route', async () => {
    const tableId = await tableAt(SAN_MA_LO);
    for (const who of ['kitchen', 'cashier']) {
      for (const [method, path, b] of routes(tableId, SAN_MA_LO)) {
        const res = await call(method, path, { as: who, body: b });
        expect([who, method, path, res.status]).toEqual([who, method, path, 403]);
      }
    }
    expect((await call('GET', `/staff/outlets/${SAN_MA_LO}`)).status).toBe(401);
  });

  test("a manager of one outlet: 403 on another's outlet and tables", async () => {
    const tableId = await tableAt(OTHER);
    for (const [method, path, b] of routes(tableId, OTHER)) {
      const res = await call(method, path, { as: 'manager', body: b });
      expect([method, path, res.status]).toEqual([method, path, 403]);
    }
    const [still] = await h.db.query<{ removed_at: Date | null }>('SELECT removed_at FROM dining_table WHERE table_id = $1', [tableId]);
    expect(still!.removed_at).toBeNull();
  });

  test('the owner may act at every outlet', async () => {
    const tableId = await tableAt(OTHER);
    const expected = [200, 200, 200, 200, 200, 200, 200, 200, 400, 200];
    const got: number[] = [];
    for (const [method, path, b] of routes(tableId, OTHER)) got.push((await call(method, path, { as: 'owner', body: b })).status);
    expect(got).toEqual(expected);
  });
});
