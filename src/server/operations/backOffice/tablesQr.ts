/**
 * A table's code drawn for printing (issue 27 section 2): as SVG and PNG for
 * sticker printers, and the outlet's print-ready A4 sheet (PDF) with several
 * tables a page, each with the outlet's name, the table's name, its QR code
 * and "scan to order" in the three languages.
 *
 * The sheet is vector: every dark module is a PDF rectangle (crisp at 300
 * dpi and beyond), the texts in Noto Sans CJK (fonts-noto-cjk, subset into
 * the file). Without that font the sheet is still made, with English texts
 * only and a line saying the font is missing (`fontFallback` tells the
 * route, which says so in a header).
 *
 * The layout (QR_SHEET_LAYOUT) is exported: the test that decodes the
 * printed codes crops each cell by it.
 */
import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import qrcode from 'qrcode-generator';
import sharp from 'sharp';

/** Where the CJK font is (QR_SHEET_FONT overrides it). */
export const CJK_FONT_FILE = process.env.QR_SHEET_FONT || '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';

/** The QR code's dark modules ([row][col]), error correction M. */
export function qrModules(text: string): boolean[][] {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Byte');
  qr.make();
  const n = qr.getModuleCount();
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => qr.isDark(r, c)));
}

/** The code as SVG: one path, a quiet zone of 4 modules, `label` as its title. */
export function qrSvg(text: string, label: string): string {
  const modules = qrModules(text);
  const margin = 4;
  const size = modules.length + margin * 2;
  const d: string[] = [];
  modules.forEach((row, r) => row.forEach((dark, c) => dark && d.push(`M${c + margin} ${r + margin}h1v1h-1z`)));
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size * 10}" height="${size * 10}" shape-rendering="crispEdges" role="img" aria-label="${esc(label)}"><title>${esc(label)}</title><rect width="${size}" height="${size}" fill="#fff"/><path d="${d.join('')}" fill="#000"/></svg>
`;
}

/** The code as PNG: `scale` pixels a module, a quiet zone of 4 modules, black on white (8-bit grey). */
export async function qrPng(text: string, scale = 12): Promise<Buffer> {
  const modules = qrModules(text);
  const margin = 4;
  const size = (modules.length + margin * 2) * scale;
  const data = Buffer.alloc(size * size, 255);
  modules.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (!dark) return;
      for (let y = 0; y < scale; y += 1) {
        const start = ((r + margin) * scale + y) * size + (c + margin) * scale;
        data.fill(0, start, start + scale);
      }
    }),
  );
  return sharp(data, { raw: { width: size, height: size, channels: 1 } }).png().toBuffer();
}

/** A4 in points, and its grid of cells: 2 across, 3 down. */
export const QR_SHEET_LAYOUT = {
  page: { width: 595.28, height: 841.89 },
  margin: 36,
  columns: 2,
  rows: 3,
  /** The QR code's side in points (without its quiet zone), and its top within the cell. */
  qrSize: 150,
  qrTop: 62,
} as const;

export const PER_PAGE = QR_SHEET_LAYOUT.columns * QR_SHEET_LAYOUT.rows;

/** Cell `i` of a page: its box in points from the page's top left. */
export function qrSheetCell(i: number): { x: number; y: number; width: number; height: number } {
  const { page, margin, columns, rows } = QR_SHEET_LAYOUT;
  const width = (page.width - margin * 2) / columns;
  const height = (page.height - margin * 2) / rows;
  return { x: margin + (i % columns) * width, y: margin + Math.floor(i / columns) * height, width, height };
}

export interface QrSheetInput {
  /** The outlet's name in each language. */
  outlet: { zh: string; tw: string; en: string };
  tables: { name: string; link: string }[];
}

/** "Scan to order" as the sheet prints it. */
export const SCAN_TO_ORDER = { tw: '掃碼點餐', zh: '扫码点餐', en: 'Scan to order' } as const;

/** The outlet's sheet as a PDF; fontFallback when the CJK font was not there. */
export async function qrSheetPdf(input: QrSheetInput, fontFile = CJK_FONT_FILE): Promise<{ pdf: Buffer; fontFallback: boolean }> {
  const haveCjk = existsSync(fontFile);
  const doc = new PDFDocument({ size: 'A4', margin: 0, autoFirstPage: false, info: { Title: `QR codes: ${input.outlet.en || input.outlet.zh}`, Creator: 'back office' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  if (haveCjk) {
    doc.registerFont('tc', fontFile, 'NotoSansCJKtc-Regular');
    doc.registerFont('sc', fontFile, 'NotoSansCJKsc-Regular');
  }
  const tcFont = haveCjk ? 'tc' : 'Helvetica';
  const scFont = haveCjk ? 'sc' : 'Helvetica';
  const latinFont = haveCjk ? 'tc' : 'Helvetica';
  const { qrSize, qrTop } = QR_SHEET_LAYOUT;
  const tables = input.tables.length ? input.tables : [];
  const pages = Math.max(1, Math.ceil(tables.length / PER_PAGE));
  for (let p = 0; p < pages; p += 1) {
    doc.addPage({ size: 'A4', margin: 0 });
    if (!haveCjk) {
      doc.font('Helvetica').fontSize(8).fillColor('#b00').text('CJK font missing (install fonts-noto-cjk): English texts only.', 36, 14, { width: 520 });
    }
    tables.slice(p * PER_PAGE, (p + 1) * PER_PAGE).forEach((table, i) => {
      const cell = qrSheetCell(i);
      // A light cutting guide around the cell.
      doc.save().lineWidth(0.5).dash(3, { space: 3 }).strokeColor('#999').rect(cell.x + 4, cell.y + 4, cell.width - 8, cell.height - 8).stroke().restore();
      doc.fillColor('#000');
      const outletName = haveCjk ? input.outlet.tw || input.outlet.zh || input.outlet.en : input.outlet.en || input.outlet.zh;
      doc.font(tcFont).fontSize(12).text(outletName, cell.x + 10, cell.y + 14, { width: cell.width - 20, align: 'center', lineBreak: false, ellipsis: true });
      doc.font(latinFont).fontSize(20).text(table.name, cell.x + 10, cell.y + 32, { width: cell.width - 20, align: 'center', lineBreak: false, ellipsis: true });
      // The code: one rectangle a dark module, on white with its quiet zone.
      const modules = qrModules(table.link);
      const unit = qrSize / modules.length;
      const left = cell.x + (cell.width - qrSize) / 2;
      const top = cell.y + qrTop;
      modules.forEach((row, r) =>
        row.forEach((dark, c) => {
          if (dark) doc.rect(left + c * unit, top + r * unit, unit, unit);
        }),
      );
      doc.fill('#000');
      const below = top + qrSize + 12;
      if (haveCjk) {
        doc.font(tcFont).fontSize(11).text(`${SCAN_TO_ORDER.tw}`, cell.x + 10, below, { width: cell.width - 20, align: 'center' });
        doc.font(scFont).fontSize(11).text(`${SCAN_TO_ORDER.zh}`, cell.x + 10, below + 15, { width: cell.width - 20, align: 'center' });
      }
      doc.font(latinFont).fontSize(11).text(SCAN_TO_ORDER.en, cell.x + 10, below + (haveCjk ? 30 : 0), { width: cell.width - 20, align: 'center' });
    });
  }
  doc.end();
  await done;
  return { pdf: Buffer.concat(chunks), fontFallback: !haveCjk };
}
