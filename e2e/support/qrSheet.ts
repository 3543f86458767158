/** The back office's printed QR sheet read back: each page rendered (pdftoppm, poppler-utils), each cell's code decoded (jsqr). */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { PER_PAGE, qrSheetCell } from '../../src/server/operations/backOffice/tablesQr';

/** The links the sheet's codes carry, in page and cell order. */
export async function decodeQrSheet(pdf: Buffer, dpi = 150): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'qr-sheet-'));
  try {
    writeFileSync(join(dir, 'sheet.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', String(dpi), '-png', join(dir, 'sheet.pdf'), join(dir, 'page')]);
    const found: string[] = [];
    const k = dpi / 72;
    for (const page of readdirSync(dir).filter((f) => f.startsWith('page') && f.endsWith('.png')).sort()) {
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
