/**
 * The sandbox object storage's HTTP side (providers/storage.ts has the
 * policy rules), registered by app.ts only when config.sandbox is on:
 *
 *   POST /sandbox/storage/upload   multipart/form-data: key, policy,
 *        OSSAccessKeyId, signature, success_action_status, [Content-Type],
 *        file (the last field, as browsers and OSS expect; any order works).
 *        -> success_action_status (200 or 201; 204 when absent), empty body
 *           (201: an XML PostResponse)
 *        -> 400/403 with an OSS-style XML <Error><Code>..</Code><Message>..</Message></Error>:
 *           EntityTooLarge (over 5 MB), AccessDenied (policy expired or a
 *           condition failed), SignatureDoesNotMatch, InvalidAccessKeyId,
 *           InvalidPolicyDocument, InvalidArgument (no file, not a picture, not multipart).
 *   GET  /oss/<ClassID>/<key...>   an uploaded object (EntCert/..., UserHeadImg/...),
 *        with its sniffed content type. Other /oss/ paths are the demo
 *        pictures in public/oss.
 *
 * The body is read with a hard cap of 5 MB + 64 KB (a declared
 * Content-Length over it is refused before reading; a streamed body is cut
 * off there and the rest discarded), then parsed by a small multipart parser
 * that accepts at most one file and 32 small fields.
 */
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db/driver';
import {
  checkUpload,
  errorXml,
  FILE_CLASSES,
  getObject,
  MAX_UPLOAD_BYTES,
  putObject,
  UPLOAD_PATH,
  type StorageError,
  type UploadForm,
} from '../providers/storage';

export interface StorageDeps {
  db: Db;
  config: Config;
  clock: Clock;
}

/** The largest request body: the file cap plus room for the other fields and the multipart framing. */
export const MAX_BODY_BYTES = MAX_UPLOAD_BYTES + 64 * 1024;
const MAX_FIELDS = 32;
const MAX_FIELD_BYTES = 16 * 1024;
const MAX_HEADER_BYTES = 4 * 1024;

type ReadBody = { ok: true; body: Buffer } | { ok: false; error: StorageError };

/** Reads a body up to `cap` bytes; beyond it, stops keeping data and discards the rest. */
function readCapped(stream: Readable, cap: number): Promise<ReadBody> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (result: ReadBody) => {
      if (done) return;
      done = true;
      stream.off('data', onData);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > cap) {
        chunks.length = 0;
        finish({ ok: false, error: { status: 400, code: 'EntityTooLarge', message: 'Your proposed upload exceeds the maximum allowed size.' } });
        stream.resume(); // drain and drop the rest so the client can read the answer
        return;
      }
      chunks.push(chunk);
    };
    stream.on('data', onData);
    stream.once('end', () => finish({ ok: true, body: Buffer.concat(chunks) }));
    stream.once('error', () => finish({ ok: false, error: { status: 400, code: 'IncompleteBody', message: 'The request body was not received completely.' } }));
  });
}

const malformed = (why: string): StorageError => ({ status: 400, code: 'InvalidArgument', message: `The body of your POST request is not well-formed multipart/form-data: ${why}` });

/** The boundary of a multipart/form-data content type, or null. */
export function boundaryOf(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return null;
  const m = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return m ? (m[1] ?? m[2] ?? null) : null;
}

/**
 * Parses a multipart/form-data body: text fields and at most one file part
 * (a part with a filename). Bounded: 32 fields of at most 16 KB, part headers
 * of at most 4 KB.
 */
export function parseMultipart(body: Buffer, boundary: string): { ok: true; form: UploadForm } | { ok: false; error: StorageError } {
  const delimiter = Buffer.from(`--${boundary}`);
  const fields = new Map<string, string>();
  let file: UploadForm['file'] = null;
  let pos = body.indexOf(delimiter);
  if (pos === -1) return { ok: false, error: malformed('no boundary') };
  for (;;) {
    pos += delimiter.length;
    if (body[pos] === 0x2d && body[pos + 1] === 0x2d) break; // '--': the closing delimiter
    if (body[pos] !== 0x0d || body[pos + 1] !== 0x0a) return { ok: false, error: malformed('bad delimiter line') };
    pos += 2;
    const headerEnd = body.indexOf('\r\n\r\n', pos);
    if (headerEnd === -1 || headerEnd - pos > MAX_HEADER_BYTES) return { ok: false, error: malformed('bad part headers') };
    const headers = new Map<string, string>();
    for (const line of body.toString('utf8', pos, headerEnd).split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headerEnd + 4);
    if (next === -1) return { ok: false, error: malformed('a part is not closed') };
    const content = body.subarray(headerEnd + 4, next);
    pos = next + 2;

    const disposition = headers.get('content-disposition') ?? '';
    if (!/^form-data\b/i.test(disposition)) return { ok: false, error: malformed('a part is not form-data') };
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    if (!name) return { ok: false, error: malformed('a part has no name') };
    const isFile = /\bfilename="/i.test(disposition);
    if (isFile) {
      if (file) return { ok: false, error: malformed('more than one file') };
      file = { contentType: (headers.get('content-type') ?? 'application/octet-stream').toLowerCase(), bytes: Buffer.from(content) };
    } else {
      if (fields.size >= MAX_FIELDS) return { ok: false, error: malformed('too many fields') };
      if (content.length > MAX_FIELD_BYTES) return { ok: false, error: malformed(`field ${name.slice(0, 40)} is too long`) };
      if (fields.has(name)) return { ok: false, error: malformed(`field ${name.slice(0, 40)} is repeated`) };
      fields.set(name, content.toString('utf8'));
    }
  }
  return { ok: true, form: { fields, file } };
}

export async function storageRoutes(app: FastifyInstance, { db, config, clock }: StorageDeps): Promise<void> {
  // Bodies of this plugin's routes are read by the handler, with its own cap.
  app.addContentTypeParser('*', (_req, _payload, done) => done(null));

  const fail = (reply: FastifyReply, error: StorageError) => {
    const requestId = randomBytes(12).toString('hex').toUpperCase();
    return reply.code(error.status).type('application/xml').header('Cache-Control', 'no-store').header('x-oss-request-id', requestId).send(errorXml(error, requestId));
  };

  app.post(UPLOAD_PATH, async (req, reply) => {
    const boundary = boundaryOf(req.headers['content-type']);
    if (!boundary) return fail(reply, malformed('Content-Type must be multipart/form-data with a boundary'));
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) {
      req.raw.resume();
      return fail(reply, { status: 400, code: 'EntityTooLarge', message: 'Your proposed upload exceeds the maximum allowed size.' });
    }
    const read = await readCapped(req.raw, MAX_BODY_BYTES);
    if (!read.ok) return fail(reply, read.error);
    const parsed = parseMultipart(read.body, boundary);
    if (!parsed.ok) return fail(reply, parsed.error);
    const now = clock.now();
    const checked = checkUpload(config, parsed.form, now);
    if (!checked.ok) return fail(reply, checked.error);
    await putObject(db, checked.key, checked.contentType, checked.bytes, now);
    reply.code(checked.status).header('Cache-Control', 'no-store');
    if (checked.status === 201) {
      const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
      return reply.type('application/xml').send(`<?xml version="1.0" encoding="UTF-8"?>\n<PostResponse><Key>${esc(checked.key)}</Key></PostResponse>`);
    }
    return reply.send();
  });

  for (const classId of FILE_CLASSES) {
    app.get(`/oss/${classId}/*`, async (req, reply) => {
      const rest = (req.params as { '*': string })['*'];
      const key = `${classId}/${rest}`;
      const object = key.length <= 300 ? await getObject(db, key) : null;
      if (!object) return reply.code(404).type('application/xml').send(errorXml({ status: 404, code: 'NoSuchKey', message: 'The specified key does not exist.' }, 'sandbox'));
      return reply
        .type(object.contentType)
        .header('Cache-Control', 'public, max-age=86400')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'")
        .send(object.bytes);
    });
  }
}
