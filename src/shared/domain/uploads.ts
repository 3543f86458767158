/** What may be uploaded (SPEC sections 5 and 9): the app checks it first, the storage again. */

/** The upload cap: 5 MB. */
export const MAX_UPLOAD_BYTES = 5_242_880;

/** The pictures object storage takes, with the extension their keys get. */
export const IMAGE_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
} as const;
export type ImageType = keyof typeof IMAGE_TYPES;

export function isImageType(value: string): value is ImageType {
  return Object.prototype.hasOwnProperty.call(IMAGE_TYPES, value);
}
