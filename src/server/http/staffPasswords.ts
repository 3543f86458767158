/**
 * Staff passwords and PINs, hashed with node:crypto's scrypt (issue 26):
 * a random 16-byte salt per hash and the cost parameters stored beside it,
 * '$scrypt$ln=14,r=8,p=1$<salt>$<hash>' (base64url), so the parameters can
 * be raised later and old hashes still check. Compared in constant time.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** Today's parameters: N = 2^14, r = 8, p = 1 (16 MiB, tens of milliseconds), a 32-byte key. */
export const SCRYPT_PARAMS = { ln: 14, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

function scrypt(secret: string, salt: Buffer, ln: number, r: number, p: number): Promise<Buffer> {
  const options: ScryptOptions = { N: 2 ** ln, r, p, maxmem: 256 * 2 ** ln * r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scryptCb(secret.normalize('NFC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashSecret(secret: string, params: { ln: number; r: number; p: number } = SCRYPT_PARAMS): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(secret, salt, params.ln, params.r, params.p);
  return `$scrypt$ln=${params.ln},r=${params.r},p=${params.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

const FORMAT = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/;

/** The stored parameters of a hash, or null when it is not one of ours. */
export function hashParams(hash: string): { ln: number; r: number; p: number; saltBytes: number; keyBytes: number } | null {
  const m = FORMAT.exec(hash);
  if (!m) return null;
  return { ln: Number(m[1]), r: Number(m[2]), p: Number(m[3]), saltBytes: Buffer.from(m[4]!, 'base64url').length, keyBytes: Buffer.from(m[5]!, 'base64url').length };
}

/** Whether `secret` is the one `hash` was made of. A malformed hash never matches. */
export async function verifySecret(secret: string, hash: string | null | undefined): Promise<boolean> {
  const m = hash ? FORMAT.exec(hash) : null;
  if (!m) {
    // The same work as a real check, so a missing account does not answer faster.
    await scrypt(secret, DUMMY_SALT, SCRYPT_PARAMS.ln, SCRYPT_PARAMS.r, SCRYPT_PARAMS.p);
    return false;
  }
  const ln = Number(m[1]);
  const r = Number(m[2]);
  const p = Number(m[3]);
  if (ln < 10 || ln > 20 || r < 1 || r > 32 || p < 1 || p > 16) return false;
  const expected = Buffer.from(m[5]!, 'base64url');
  const key = await scrypt(secret, Buffer.from(m[4]!, 'base64url'), ln, r, p);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

const DUMMY_SALT = Buffer.alloc(16, 7);
