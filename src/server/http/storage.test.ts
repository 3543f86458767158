/**
 * The sandbox object storage: File_BatchFileNameGet_Add hands out a key and a
 * signed policy; POST /sandbox/storage/upload checks the policy like a real
 * provider (signature, expiry, key, type, size 0-5 MB) and that the file is a
 * picture; GET /oss/<key> serves it back.
 */
import { DEMO } from '../db/seed';
import { sandboxAvatarPng } from '../providers/identity';
import { boundaryOf, parseMultipart } from './storage';
import { startHarness, type GatewayClient, type Harness } from '../test/harness';
import { ok, signedInAsChan } from '../test/signIn';

jest.setTimeout(90_000);

let h: Harness;
let chan: GatewayClient;

beforeAll(async () => {
  h = await startHarness();
  chan = await signedInAsChan(h);
});
afterAll(() => h.close());
afterEach(() => h.setNow(null));

interface Ticket {
  FileName: string;
  UploadUrl: string;
  Policy: string;
  OSSAccessKeyId: string;
  Signature: string;
  SuccessActionStatus: string;
  Expiration: string;
}

const PNG = sandboxAvatarPng('storage-test');

async function ticket(row: Record<string, unknown> = {}): Promise<Ticket> {
  const res = await chan.call('File_BatchFileNameGet_Add', [
    { EntID: DEMO.entId, ClassID: 'UserHeadImg', FileName: 'me.png', FileSize: PNG.length, FileType: 'image/png', ImgWidth: 96, ImgHeight: 96, SourceName: 'me.png', ...row },
  ]);
  ok(res);
  return res.data.table1![0] as unknown as Ticket;
}

async function upload(t: Ticket, bytes: Uint8Array, overrides: Record<string, string | null> = {}, type = 'image/png') {
  const form = new FormData();
  const fields: Record<string, string | null> = {
    key: t.FileName,
    policy: t.Policy,
    OSSAccessKeyId: t.OSSAccessKeyId,
    signature: t.Signature,
    success_action_status: t.SuccessActionStatus,
    ...overrides,
  };
  for (const [name, value] of Object.entries(fields)) if (value !== null) form.append(name, value);
  if (overrides.file !== null) form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'me.png');
  const res = await fetch(`${h.url}${t.UploadUrl}`, { method: 'POST', body: form });
  return { status: res.status, text: await res.text() };
}

test('the ticket: a new key of the class, and a signed policy for 0-5 MB of that type for 87600 hours', async () => {
  const now = new Date('2026-11-22T04:00:00Z');
  h.setNow(now);
  const t = await ticket();
  expect(t.FileName).toMatch(/^UserHeadImg\/2026\/11\/[0-9a-f]{32}\.png$/);
  expect(t).toMatchObject({ UploadUrl: '/sandbox/storage/upload', OSSAccessKeyId: 'sandbox-access-key', SuccessActionStatus: '200' });
  const policy = JSON.parse(Buffer.from(t.Policy, 'base64').toString()) as { expiration: string; conditions: unknown[] };
  expect(new Date(policy.expiration).getTime() - now.getTime()).toBe(87_600 * 3_600_000);
  expect(policy.conditions).toEqual([
    ['eq', '$key', t.FileName],
    ['content-length-range', 0, 5_242_880],
    ['eq', '$Content-Type', 'image/png'],
    { success_action_status: '200' },
  ]);
  expect(t.Signature).toMatch(/^[A-Za-z0-9+/]{27}=$/);
  const other = await ticket({ ClassID: '', FileType: 'image/jpeg' });
  expect(other.FileName).toMatch(/^EntCert\/\d{4}\/\d{2}\/[0-9a-f]{32}\.jpg$/);
});

test('a signed upload is accepted and served back from /oss/', async () => {
  const t = await ticket();
  expect(await upload(t, PNG)).toEqual({ status: 200, text: '' });
  const res = await fetch(`${h.url}/oss/${t.FileName}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/png');
  expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
});

test('the demo pictures are still served, and an unknown object is a 404', async () => {
  expect((await fetch(`${h.url}/oss/goods/g0101.svg`)).status).toBe(200);
  const missing = await fetch(`${h.url}/oss/UserHeadImg/2026/11/nothing.png`);
  expect(missing.status).toBe(404);
  expect(await missing.text()).toContain('<Code>NoSuchKey</Code>');
});

test('a wrong signature is refused', async () => {
  const t = await ticket();
  const res = await upload(t, PNG, { signature: 'AAAAAAAAAAAAAAAAAAAAAAAAAAA=' });
  expect(res.status).toBe(403);
  expect(res.text).toContain('<Code>SignatureDoesNotMatch</Code>');
  // A policy changed after signing (a bigger size) fails the same way.
  const policy = JSON.parse(Buffer.from(t.Policy, 'base64').toString()) as { conditions: unknown[] };
  policy.conditions[1] = ['content-length-range', 0, 50_000_000];
  const forged = await upload(t, PNG, { policy: Buffer.from(JSON.stringify(policy)).toString('base64') });
  expect(forged.status).toBe(403);
  expect(forged.text).toContain('<Code>SignatureDoesNotMatch</Code>');
  expect((await upload(t, PNG, { OSSAccessKeyId: 'someone-else' })).text).toContain('<Code>InvalidAccessKeyId</Code>');
});

test('an expired policy is refused', async () => {
  const now = new Date();
  h.setNow(now);
  const t = await ticket();
  h.setNow(new Date(now.getTime() + 87_600 * 3_600_000 + 1000));
  const res = await upload(t, PNG);
  expect(res.status).toBe(403);
  expect(res.text).toContain('<Code>AccessDenied</Code>');
  expect(res.text).toContain('Policy expired');
});

test('another key or content type than the policy says is refused', async () => {
  const t = await ticket();
  const key = await upload(t, PNG, { key: 'UserHeadImg/2026/11/chosen-by-me.png' });
  expect(key.status).toBe(403);
  expect(key.text).toContain('Policy Condition failed');
  const type = await upload(t, PNG, {}, 'image/gif');
  expect(type.status).toBe(403);
  expect(type.text).toContain('$Content-Type');
});

test('a 6 MB file is refused with EntityTooLarge', async () => {
  const t = await ticket();
  const big = Buffer.alloc(6 * 1024 * 1024);
  PNG.copy(big);
  const res = await upload(t, big);
  expect(res.status).toBe(400);
  expect(res.text).toContain('<Code>EntityTooLarge</Code>');
  expect((await fetch(`${h.url}/oss/${t.FileName}`)).status).toBe(404);
});

test('a 6 MB body streamed without a length is cut off at the cap and refused', async () => {
  const t = await ticket();
  const boundary = 'streamed-boundary';
  const head = Buffer.from(
    [['key', t.FileName], ['policy', t.Policy], ['OSSAccessKeyId', t.OSSAccessKeyId], ['signature', t.Signature], ['success_action_status', '200']]
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('') + `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const chunk = Buffer.alloc(64 * 1024);
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) controller.enqueue(head);
      if (sent >= 6 * 1024 * 1024) {
        controller.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`));
        controller.close();
        return;
      }
      controller.enqueue(chunk);
      sent += chunk.length;
    },
  });
  const res = await fetch(`${h.url}/sandbox/storage/upload`, {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: stream,
    duplex: 'half',
  } as RequestInit & { duplex: 'half' });
  expect(res.status).toBe(400);
  expect(await res.text()).toContain('<Code>EntityTooLarge</Code>');
});

test('a file just over 5 MB (within the body allowance) is refused by the policy range', async () => {
  const t = await ticket();
  const over = Buffer.alloc(5_242_881);
  PNG.copy(over);
  const res = await upload(t, over);
  expect(res.status).toBe(400);
  expect(res.text).toContain('<Code>EntityTooLarge</Code>');
});

test('a file that is not a picture is refused', async () => {
  const t = await ticket();
  const res = await upload(t, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
  expect(res.status).toBe(400);
  expect(res.text).toContain('not a PNG, JPEG, WebP or GIF picture');
});

test('a form without a file, or not multipart, is refused', async () => {
  const t = await ticket();
  const res = await upload(t, PNG, { file: null });
  expect(res.status).toBe(400);
  expect(res.text).toContain('The file field is missing.');
  const json = await fetch(`${h.url}/sandbox/storage/upload`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  expect(json.status).toBe(400);
  expect(await json.text()).toContain('<Code>InvalidArgument</Code>');
});

test('File_BatchFileNameGet_Add refusals', async () => {
  const call = (row: Record<string, unknown>) =>
    chan.call('File_BatchFileNameGet_Add', [{ EntID: DEMO.entId, ClassID: 'UserHeadImg', FileName: 'a.png', FileSize: 10, FileType: 'image/png', ...row }]);
  expect((await call({ FileSize: 6 * 1024 * 1024 })).errmsg).toBe('The file is larger than 5 MB.');
  expect((await call({ FileType: 'image/svg+xml' })).errmsg).toBe('Only JPEG, PNG, WebP or GIF pictures can be uploaded.');
  expect((await call({ ClassID: '../etc' })).errmsg).toBe('This kind of file cannot be uploaded.');
  expect((await call({ FileSize: -1 })).errcode).toBe('40000');
});

describe('the multipart parser', () => {
  const body = (parts: string[], boundary = 'XyZ') => Buffer.from(parts.map((p) => `--${boundary}\r\n${p}\r\n`).join('') + `--${boundary}--\r\n`);

  test('reads fields and one file', () => {
    const parsed = parseMultipart(
      body(['Content-Disposition: form-data; name="key"\r\n\r\nk1', 'Content-Disposition: form-data; name="file"; filename="a.gif"\r\nContent-Type: image/gif\r\n\r\nGIF89a\r\nxx']),
      'XyZ',
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.form.fields.get('key')).toBe('k1');
    expect(parsed.form.file).toEqual({ contentType: 'image/gif', bytes: Buffer.from('GIF89a\r\nxx') });
  });

  test.each([
    ['two files', body(['Content-Disposition: form-data; name="a"; filename="1"\r\n\r\nx', 'Content-Disposition: form-data; name="b"; filename="2"\r\n\r\ny'])],
    ['a repeated field', body(['Content-Disposition: form-data; name="key"\r\n\r\nx', 'Content-Disposition: form-data; name="key"\r\n\r\ny'])],
    ['an unclosed part', Buffer.from('--XyZ\r\nContent-Disposition: form-data; name="key"\r\n\r\nx')],
    ['no boundary at all', Buffer.from('hello')],
    ['a part without a name', body(['Content-Disposition: form-data\r\n\r\nx'])],
  ])('refuses %s', (_what, input) => {
    expect(parseMultipart(input, 'XyZ').ok).toBe(false);
  });

  test('the boundary of a content type', () => {
    expect(boundaryOf('multipart/form-data; boundary=----abc')).toBe('----abc');
    expect(boundaryOf('multipart/form-data; boundary="a b"')).toBe('a b');
    expect(boundaryOf('application/json')).toBeNull();
    expect(boundaryOf('multipart/form-data')).toBeNull();
  });
});
