/**
 * Object storage for pictures (SPEC sections 3, 5, 7 and 9): the app asks the
 * service for an object name and a signed upload policy
 * (File_BatchFileNameGet_Add), then POSTs the file as a multipart form straight
 * to the storage endpoint, the way an OSS/S3 browser upload works:
 *
 *   key, policy, OSSAccessKeyId, signature, success_action_status, file
 *
 * The policy is base64 JSON:
 *   {"expiration": "<ISO>", "conditions": [
 *      ["eq", "$key", "<key>"], ["content-length-range", 0, 5242880],
 *      ["eq", "$Content-Type", "image/png"], {"success_action_status": "200"}]}
 * and the signature is base64(HMAC-SHA1(storage secret, policy)). The app
 * never sees the secret; the storage endpoint recomputes the signature.
 *
 * This module is the sandbox implementation (config.sandbox): the endpoint is
 * POST /sandbox/storage/upload (http/storage.ts) and objects are kept in the
 * database table `stored_object`, so every instance serves every object at
 * GET /oss/<key>. A production deployment points the same policy at a real
 * bucket.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/driver';
import { MAX_UPLOAD_BYTES, type ImageType } from '../../shared/domain/uploads';

export {
  MAX_UPLOAD_BYTES,
  IMAGE_TYPES,
  isImageType,
  type ImageType,
} from '../../shared/domain/uploads';
/** Upload policies are valid for 87600 hours (SPEC section 9). */
export const POLICY_HOURS = 87_600;
export const UPLOAD_PATH = '/sandbox/storage/upload';
/** Object classes (ClassID) and their key prefixes. */
export const FILE_CLASSES = ['EntCert', 'UserHeadImg', 'GoodsPic'] as const;
export type FileClass = (typeof FILE_CLASSES)[number];

/** The image type the first bytes say, or null for anything else. */
export function sniffImage(bytes: Uint8Array): ImageType | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 16));
  if (
    b.length >= 8 &&
    b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (
    b.length >= 6 &&
    (b.toString('latin1', 0, 6) === 'GIF87a' || b.toString('latin1', 0, 6) === 'GIF89a')
  )
    return 'image/gif';
  if (
    b.length >= 12 &&
    b.toString('latin1', 0, 4) === 'RIFF' &&
    b.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'image/webp';
  return null;
}

export interface StorageSettings {
  storageSecret: string;
  storageAccessKeyId: string;
}

export interface UploadTicket {
  FileName: string;
  UploadUrl: string;
  Policy: string;
  OSSAccessKeyId: string;
  Signature: string;
  SuccessActionStatus: '200';
  /** ISO date-time the policy stops working. */
  Expiration: string;
}

export function signPolicy(secret: string, policy: string): string {
  return createHmac('sha1', secret).update(policy).digest('base64');
}

/** A signed policy for uploading one object of the given type, at most 5 MB. */
export function issueUploadTicket(
  settings: StorageSettings,
  key: string,
  contentType: ImageType,
  now: Date,
): UploadTicket {
  const expiration = new Date(now.getTime() + POLICY_HOURS * 3_600_000).toISOString();
  const document = {
    expiration,
    conditions: [
      ['eq', '$key', key],
      ['content-length-range', 0, MAX_UPLOAD_BYTES],
      ['eq', '$Content-Type', contentType],
      { success_action_status: '200' },
    ],
  };
  const policy = Buffer.from(JSON.stringify(document)).toString('base64');
  return {
    FileName: key,
    UploadUrl: UPLOAD_PATH,
    Policy: policy,
    OSSAccessKeyId: settings.storageAccessKeyId,
    Signature: signPolicy(settings.storageSecret, policy),
    SuccessActionStatus: '200',
    Expiration: expiration,
  };
}

/** A refusal in the storage provider's terms: HTTP status, error code, message. */
export interface StorageError {
  status: number;
  code: string;
  message: string;
}

export interface UploadForm {
  fields: Map<string, string>;
  file: { contentType: string; bytes: Buffer } | null;
}

const refuse = (status: number, code: string, message: string): StorageError => ({
  status,
  code,
  message,
});

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Checks an upload form against its policy the way the storage provider
 * does: the access key, the signature, the expiry, every condition (key,
 * content type, size range), then that the file is really a picture. Answers
 * the object to store, or the refusal.
 */
export function checkUpload(
  settings: StorageSettings,
  form: UploadForm,
  now: Date,
):
  | { ok: true; key: string; contentType: ImageType; bytes: Buffer; status: number }
  | { ok: false; error: StorageError } {
  const fail = (status: number, code: string, message: string) => ({
    ok: false as const,
    error: refuse(status, code, message),
  });
  const field = (name: string) => form.fields.get(name) ?? form.fields.get(name.toLowerCase());
  const key = field('key');
  const policy = field('policy');
  const accessKeyId = field('OSSAccessKeyId');
  const signature = field('signature') ?? field('Signature');
  if (!key) return fail(400, 'InvalidArgument', 'The key field is missing.');
  if (!policy || !signature || !accessKeyId)
    return fail(
      403,
      'AccessDenied',
      'The policy, OSSAccessKeyId and signature fields are required.',
    );
  if (accessKeyId !== settings.storageAccessKeyId)
    return fail(
      403,
      'InvalidAccessKeyId',
      'The OSS access key id you provided does not exist in our records.',
    );
  if (!safeEqual(signature, signPolicy(settings.storageSecret, policy))) {
    return fail(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided.',
    );
  }
  let document: { expiration?: unknown; conditions?: unknown };
  try {
    document = JSON.parse(Buffer.from(policy, 'base64').toString('utf8')) as typeof document;
  } catch {
    return fail(400, 'InvalidPolicyDocument', 'The policy is not valid JSON.');
  }
  const expiration =
    typeof document.expiration === 'string' ? Date.parse(document.expiration) : NaN;
  if (!Number.isFinite(expiration))
    return fail(400, 'InvalidPolicyDocument', 'The policy has no valid expiration.');
  if (now.getTime() >= expiration)
    return fail(403, 'AccessDenied', 'Invalid according to Policy: Policy expired.');
  if (!Array.isArray(document.conditions))
    return fail(400, 'InvalidPolicyDocument', 'The policy has no conditions.');

  if (!form.file) return fail(400, 'InvalidArgument', 'The file field is missing.');
  const { bytes } = form.file;
  const contentType = field('Content-Type') ?? form.file.contentType;
  let range: [number, number] = [0, MAX_UPLOAD_BYTES];
  const values: Record<string, string | undefined> = {
    key,
    'Content-Type': contentType,
    success_action_status: field('success_action_status'),
  };
  for (const condition of document.conditions as unknown[]) {
    if (Array.isArray(condition)) {
      const [op, name, value] = condition as [unknown, unknown, unknown];
      if (op === 'content-length-range') {
        range = [Number(name), Number(value)];
        continue;
      }
      const fieldName = typeof name === 'string' ? name.replace(/^\$/, '') : '';
      const actual = values[fieldName] ?? field(fieldName);
      const ok =
        op === 'eq'
          ? actual === value
          : op === 'starts-with'
            ? typeof value === 'string' && (actual ?? '').startsWith(value)
            : false;
      if (!ok)
        return fail(
          403,
          'AccessDenied',
          `Invalid according to Policy: Policy Condition failed: ${JSON.stringify(condition)}`,
        );
    } else if (condition && typeof condition === 'object') {
      for (const [name, value] of Object.entries(condition as Record<string, unknown>)) {
        if (name === 'bucket') continue;
        if ((values[name] ?? field(name)) !== value) {
          return fail(
            403,
            'AccessDenied',
            `Invalid according to Policy: Policy Condition failed: ${JSON.stringify(condition)}`,
          );
        }
      }
    }
  }
  const max = Math.min(range[1], MAX_UPLOAD_BYTES);
  if (bytes.length > max)
    return fail(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size.');
  if (bytes.length < range[0])
    return fail(
      400,
      'EntityTooSmall',
      'Your proposed upload is smaller than the minimum allowed size.',
    );
  const sniffed = sniffImage(bytes);
  if (!sniffed)
    return fail(400, 'InvalidArgument', 'The file is not a PNG, JPEG, WebP or GIF picture.');
  const wanted = field('success_action_status');
  const status = wanted === '200' || wanted === '201' ? Number(wanted) : 204;
  return { ok: true, key, contentType: sniffed, bytes, status };
}

/** Stores (or replaces) an object. */
export async function putObject(
  q: Queryable,
  key: string,
  contentType: string,
  bytes: Buffer,
  now: Date,
): Promise<void> {
  await q.query(
    `INSERT INTO stored_object (key, content_type, bytes, size, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (key) DO UPDATE SET content_type = EXCLUDED.content_type, bytes = EXCLUDED.bytes, size = EXCLUDED.size, created_at = EXCLUDED.created_at`,
    [key, contentType, bytes, bytes.length, now],
  );
}

export async function getObject(
  q: Queryable,
  key: string,
): Promise<{ contentType: string; bytes: Buffer } | null> {
  const [row] = await q.query<{ content_type: string; bytes: Uint8Array }>(
    'SELECT content_type, bytes FROM stored_object WHERE key = $1',
    [key],
  );
  if (!row) return null;
  return {
    contentType: row.content_type,
    bytes: Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength),
  };
}

export async function objectExists(q: Queryable, key: string): Promise<boolean> {
  const [row] = await q.query('SELECT 1 AS one FROM stored_object WHERE key = $1', [key]);
  return Boolean(row);
}

/** The storage provider's error body (OSS style XML). */
export function errorXml(error: StorageError, requestId: string): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Error><Code>${esc(error.code)}</Code><Message>${esc(error.message)}</Message><RequestId>${esc(requestId)}</RequestId><HostId>sandbox-storage</HostId></Error>`
  );
}

/** What the operations need from object storage; a production provider implements the same. */
export interface StorageProvider {
  /** A signed upload policy for one object. */
  issueUpload(key: string, contentType: ImageType, now: Date): UploadTicket;
  /** Whether the object has been uploaded. */
  exists(q: Queryable, key: string): Promise<boolean>;
  /** Stores bytes the service itself produced (a copied avatar). */
  put(q: Queryable, key: string, contentType: ImageType, bytes: Buffer, now: Date): Promise<void>;
}

/** The storage for this configuration; null when uploads are not available. */
export function storageProvider(
  config: StorageSettings & { sandbox: boolean },
): StorageProvider | null {
  if (!config.sandbox) return null;
  return {
    issueUpload: (key, contentType, now) => issueUploadTicket(config, key, contentType, now),
    exists: objectExists,
    put: putObject,
  };
}
