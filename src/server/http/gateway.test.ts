/**
 * The gateway's handling of bad input, through the real HTTP server: every
 * case answers HTTP 200 with an envelope whose code is not "0" and whose
 * message says what is wrong.
 */
import { encodeForm, ErrorCode, type Envelope } from '../../shared/protocol/envelope';
import { handlers } from '../operations';
import { startHarness, GatewayClient, type Harness } from '../test/harness';

let h: Harness;
let client: GatewayClient;

beforeAll(async () => {
  h = await startHarness({ bodyLimit: 64 * 1024 }, {
    seed: false,
    handlers: {
      ...handlers,
      // A handler that breaks, to prove a failure is an envelope without a stack trace.
      async Phone_SMSAreaGet_Get() {
        throw new Error('secret internal detail at /srv/app.ts:12');
      },
      // An operation of the catalogue without a handler, whatever has landed since.
      Area_BatchAreaSelectGet_Get: undefined,
      // A handler whose answer drifted from its result schema (ClassID is a string on the wire).
      async HBBPos_AllGoodsClassGet_Get() {
        return { table1: [{ ClassID: 1, ClassName: 'Drifted' }] } as never;
      },
    },
  });
  client = new GatewayClient(h.url);
});
afterAll(() => h.close());

const form = (fields: Record<string, string>) => encodeForm({
  HBBWSType: '8',
  strKeyName: 'Enterprise_EntIDByIDGet_Get',
  strJsonData: JSON.stringify({ tableData: [{ EntID: '881000000009', UserID: '888000000009', Field: 'QRCode', Value: 'X' }] }),
  strAuthorizationCode: 'hbb',
  IsRSA: '0',
  ...fields,
});

function expectRefused(res: { status: number; json: Envelope }, code: string, text: RegExp) {
  expect(res.status).toBe(200);
  expect(res.json.errcode).toBe(code);
  expect(res.json.resultcode).toBe(code);
  expect(res.json.errmsg).toMatch(text);
  expect(JSON.stringify(res.json)).not.toMatch(/at .*\.ts:\d+/);
}

test('an unknown operation', async () => {
  expectRefused(await client.raw(form({ strKeyName: 'Nope_Get' })), ErrorCode.unknownOperation, /unknown operation: Nope_Get/);
});

test('a missing operation', async () => {
  const body = form({}).replace(/strKeyName=[^&]*&?/, '');
  expectRefused(await client.raw(body), ErrorCode.badRequest, /strKeyName is missing/);
});

test('missing strJsonData', async () => {
  const body = form({}).replace(/strJsonData=[^&]*&?/, '');
  expectRefused(await client.raw(body), ErrorCode.badRequest, /strJsonData is missing/);
});

test('strJsonData that is not JSON', async () => {
  expectRefused(await client.raw(form({ strJsonData: '{tableData:' })), ErrorCode.badRequest, /not valid JSON/);
});

test('strJsonData that is JSON but not an object', async () => {
  expectRefused(await client.raw(form({ strJsonData: '[1,2]' })), ErrorCode.badRequest, /must be a JSON object/);
});

test('a payload of the wrong shape', async () => {
  expectRefused(
    await client.raw(form({ strJsonData: JSON.stringify({ rows: [] }) })),
    ErrorCode.badRequest,
    /payload of Enterprise_EntIDByIDGet_Get is not valid: tableData/,
  );
});

test('a payload field of the wrong type names the field', async () => {
  const strJsonData = JSON.stringify({ tableData: [{ Field: 'QRCode', Value: { nested: true } }] });
  expectRefused(await client.raw(form({ strJsonData })), ErrorCode.badRequest, /tableData\[0\]\.Value/);
});

test('a payload field outside its allowed values', async () => {
  const strJsonData = JSON.stringify({ tableData: [{ Field: 'Password', Value: '1' }] });
  expectRefused(await client.raw(form({ strJsonData })), ErrorCode.badRequest, /tableData\[0\]\.Field/);
});

test('a wrong authorization code', async () => {
  expectRefused(await client.raw(form({ strAuthorizationCode: 'guess' })), ErrorCode.badAuthorization, /strAuthorizationCode is wrong/);
});

test('a missing authorization code', async () => {
  const body = form({}).replace(/strAuthorizationCode=[^&]*&?/, '');
  expectRefused(await client.raw(body), ErrorCode.badAuthorization, /strAuthorizationCode is missing/);
});

test('an oversize body', async () => {
  const big = JSON.stringify({ tableData: [{ Field: 'QRCode', Value: 'x', Pad: 'y'.repeat(100 * 1024) }] });
  expectRefused(await client.raw(form({ strJsonData: big })), ErrorCode.tooLarge, /larger than 65536 bytes/);
});

test('deep nesting', async () => {
  const deep = '{"tableData":[{"Field":"QRCode","Value":"x","D":' + '['.repeat(50) + ']'.repeat(50) + '}]}';
  expectRefused(await client.raw(form({ strJsonData: deep })), ErrorCode.badRequest, /nested deeper than 8 levels/);
});

test('very deep nesting does not crash the service', async () => {
  const deep = '['.repeat(8000) + ']'.repeat(8000); // 48 KB encoded: under the body limit
  const res = await client.raw(form({ strJsonData: deep }));
  expect(res.json.errcode).toBe(ErrorCode.badRequest);
  const ok = await client.raw(form({}));
  expect(ok.status).toBe(200);
});

test.each(['__proto__', 'constructor', 'prototype'])('a %s key', async (key) => {
  const strJsonData = `{"tableData":[{"Field":"QRCode","Value":"x","${key}":{"isAdmin":true}}]}`;
  expectRefused(await client.raw(form({ strJsonData })), ErrorCode.badRequest, new RegExp(`may not use the key "${key}"`));
  expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
});

test('a duplicated form field', async () => {
  expectRefused(await client.raw(`${form({})}&strKeyName=Common_ServiceLinkGet_Get`), ErrorCode.badRequest, /strKeyName is sent more than once/);
});

test('broken percent-encoding', async () => {
  expectRefused(await client.raw(`${form({})}&Extra=%E0%A4%A`), ErrorCode.badRequest, /broken percent-encoding in field Extra/);
});

test('a body that is not form-encoded', async () => {
  const res = await client.raw('{"strKeyName":"x"}', { 'content-type': 'application/json' });
  expectRefused(res, ErrorCode.badRequest, /Content-Type must be application\/x-www-form-urlencoded/);
});

test('an empty body', async () => {
  expectRefused(await client.raw(''), ErrorCode.badAuthorization, /strAuthorizationCode is missing/);
});

test('a GET on the endpoint', async () => {
  const res = await fetch(`${h.url}/HBBAPI/GetData`);
  expect(res.status).toBe(200);
  const json = (await res.json()) as Envelope;
  expect(json.errcode).toBe(ErrorCode.badRequest);
  expect(json.errmsg).toMatch(/use POST/);
});

test('a service type that does not match the operation', async () => {
  expectRefused(await client.raw(form({ HBBWSType: '7' })), ErrorCode.badRequest, /HBBWSType 7 does not match Enterprise_EntIDByIDGet_Get, which is service type 8/);
});

test('encrypted payloads are refused', async () => {
  expectRefused(await client.raw(form({ IsRSA: '1' })), ErrorCode.badRequest, /IsRSA must be 0/);
});

test('an operation whose handler has not landed says so', async () => {
  const res = await client.call('Area_BatchAreaSelectGet_Get', [{ ParentID: '820000' }]);
  expect(res.errcode).toBe(ErrorCode.notSupported);
  expect(res.errmsg).toBe('This operation is not supported yet: Area_BatchAreaSelectGet_Get');
});

test('member operations without a session are refused with a session code', async () => {
  const res = await client.call('EntVip_EntVipScoreItemsByPage_V1_Get', [{ PageIndex: 1, PageSize: 10 }]);
  expect(res.errcode).toBe(ErrorCode.sessionRequired);
  expect(res.errmsg).toBe('Operation not allowed without logging-in.');
});

test('refusals are in the caller\'s language', async () => {
  const zh = new GatewayClient(h.url, 'zh-TW,zh;q=0.9');
  const res = await zh.call('EntVip_EntVipScoreItemsByPage_V1_Get', [{}]);
  expect(res.errmsg).toBe('未登入不允許操作。');
});

test('a handler failure is an envelope with no internals', async () => {
  const res = await client.call('Phone_SMSAreaGet_Get', [{}]);
  expect(res.errcode).toBe(ErrorCode.internal);
  expect(res.errmsg).toBe('The service had a problem. Please try again.');
  expect(JSON.stringify(res)).not.toContain('secret internal detail');
});

test('a forged session cookie is no session', async () => {
  const forged = new GatewayClient(h.url);
  forged.cookie = 'hbb_sid=forged-value';
  const res = await forged.call('EntVip_EntVipScoreItemsByPage_V1_Get', [{}]);
  expect(res.errcode).toBe(ErrorCode.sessionRequired);
});

test('an answer that drifted from its result schema fails the call under tests, so the drift fails CI', async () => {
  const res = await client.call('HBBPos_AllGoodsClassGet_Get', [{ ShopID: '889000000001' }]);
  expect(res.errcode).toBe(ErrorCode.internal);
  expect(JSON.stringify(res)).not.toContain('Drifted');
});
