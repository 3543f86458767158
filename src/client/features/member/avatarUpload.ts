/**
 * Uploading a picture the way SPEC sections 5, 7 and 8 describe: checked on
 * the phone first (a file, a picture, 0 to 5 MB), then a multipart POST of
 * the signed policy's fields and the file (last, as object storage expects)
 * straight to the storage endpoint. Any status other than 200 is a failure;
 * the storage's OSS-style XML error says why (EntityTooLarge, ...).
 */
import { gatewayUrl } from '../../app/config';
import type { UploadTicket } from '../../session';
import {
  IMAGE_TYPES as IMAGE_TYPE_EXTENSIONS,
  isImageType,
  MAX_UPLOAD_BYTES,
  type ImageType,
} from '../../../shared/domain/uploads';

export { MAX_UPLOAD_BYTES } from '../../../shared/domain/uploads';
/** The pictures object storage takes (the file input's `accept`). */
export const IMAGE_TYPES = Object.keys(IMAGE_TYPE_EXTENSIONS) as ImageType[];

export type UploadProblem = 'noFile' | 'tooLarge' | 'notImage' | 'failed';

export class UploadError extends Error {
  constructor(
    readonly problem: UploadProblem,
    /** The storage's error code, when it answered one. */
    readonly code = '',
  ) {
    super(code ? `upload refused: ${code}` : `upload: ${problem}`);
    this.name = 'UploadError';
  }
}

/** What is wrong with a chosen file before anything is sent, or null. */
export function checkFile(file: File | null | undefined): UploadProblem | null {
  if (!file) return 'noFile';
  if (file.size < 0 || file.size > MAX_UPLOAD_BYTES) return 'tooLarge';
  if (!isImageType(file.type.toLowerCase())) return 'notImage';
  return null;
}

/**
 * The picture's size in pixels, where the browser can decode it; null where it
 * cannot tell (no createImageBitmap). A file the browser cannot decode is not
 * a picture.
 */
export async function imageSize(file: File): Promise<{ width: number; height: number } | null> {
  if (typeof createImageBitmap !== 'function') return null;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new UploadError('notImage');
  }
  const size = { width: bitmap.width, height: bitmap.height };
  bitmap.close();
  return size;
}

/** The upload URL: the ticket's, on the data endpoint's host when it is a path. */
export function uploadUrl(ticket: UploadTicket, base: string = gatewayUrl()): string {
  return new URL(ticket.UploadUrl, base).toString();
}

/** The fields of the upload form, in order; the file goes last. */
export function uploadForm(ticket: UploadTicket, file: File): FormData {
  const form = new FormData();
  form.append('key', ticket.FileName);
  form.append('policy', ticket.Policy);
  form.append('OSSAccessKeyId', ticket.OSSAccessKeyId);
  form.append('signature', ticket.Signature);
  form.append('success_action_status', '200');
  form.append('Content-Type', file.type.toLowerCase());
  form.append('file', file, file.name || 'avatar');
  return form;
}

function problemOf(code: string, message: string): UploadProblem {
  if (code === 'EntityTooLarge') return 'tooLarge';
  if (code === 'InvalidArgument' && /not a .*picture|image/i.test(message)) return 'notImage';
  return 'failed';
}

/** POSTs the file with its signed policy; resolves on 200, rejects with an UploadError otherwise. */
export async function uploadToStorage(
  ticket: UploadTicket,
  file: File,
  fetchFn: typeof fetch = globalThis.fetch.bind(globalThis),
): Promise<void> {
  let response: Response;
  try {
    response = await fetchFn(uploadUrl(ticket), { method: 'POST', body: uploadForm(ticket, file) });
  } catch {
    throw new UploadError('failed');
  }
  if (response.status === 200) return;
  const text = await response.text().catch(() => '');
  const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? '';
  const message = /<Message>([^<]*)<\/Message>/.exec(text)?.[1] ?? '';
  throw new UploadError(problemOf(code, message), code || `HTTP ${response.status}`);
}
