/**
 * A ticket's ReceiptLine document (receiptline 4.0.4) to the bytes a kitchen
 * printer is sent (ESC/POS), and to plain text (what the job says).
 *
 * - big5: receiptline's `big5` encoding, which is Big5-HKSCS (the Hong Kong
 *   Supplementary Character Set: 枱 FD5E, 餸 9652), with the printer's Chinese
 *   mode (ESC t 0, FS &). Printers sold in Macau and Hong Kong carry the
 *   HKSCS font. A character outside Big5-HKSCS too is printed as '?' (the
 *   job's text keeps it); a printer that must print every character is set to
 *   gb18030 or utf8 (docs/printing.md).
 * - gb18030: receiptline's `gb18030` (every Unicode character), Chinese mode.
 * - utf8: receiptline lays the ticket out (double-width CJK columns), the
 *   text is sent in UTF-8 after FS ( C (select UTF-8), then a cut.
 */
import iconv from 'iconv-lite';
import receiptline from 'receiptline';

export type PrinterEncoding = 'big5' | 'gb18030' | 'utf8';

export interface PaperSpec {
  encoding: PrinterEncoding;
  /** Paper width in mm: 80 (48 characters of font A) or 58 (32). */
  widthMm: 58 | 80;
  cut: boolean;
}

export const charsPerLine = (widthMm: number) => (widthMm === 58 ? 32 : 48);

/** Text as a literal in a ReceiptLine document: its special characters escaped. */
export function rlText(text: string): string {
  const flat = text.replace(/[\r\n\t]+/g, ' ');
  const escaped = flat.replace(/[\\|{}~_"`^@]/g, (c) => `\\${c}`);
  // A line of only '-' or '=' is a rule or a cut: an escaped first character keeps it text.
  return /^[-=]/.test(escaped) ? `\\${escaped}` : escaped;
}

/** Characters the printer's encoding cannot print, replaced by '?' (Big5-HKSCS only; GB18030 and UTF-8 have them all). */
export function printable(text: string, encoding: PrinterEncoding): string {
  if (encoding !== 'big5') return text;
  let out = '';
  for (const ch of text) {
    if (ch.codePointAt(0)! < 0x80) {
      out += ch;
      continue;
    }
    const bytes = iconv.encode(ch, 'big5');
    out += bytes.length === 1 && bytes[0] === 0x3f ? '?' : ch;
  }
  return out;
}

const ESC_INIT = Buffer.from([0x1b, 0x40]);
/** FS ( C pL pH fn=48 m=2: select UTF-8 (Epson TM-m30 and later). */
const SELECT_UTF8 = Buffer.from([0x1c, 0x28, 0x43, 0x02, 0x00, 0x30, 0x02]);
/** Feed 3 lines and a partial cut (GS V 66 0). */
const FEED_AND_CUT = Buffer.from([0x1b, 0x64, 0x03, 0x1d, 0x56, 0x42, 0x00]);
const FEED = Buffer.from([0x1b, 0x64, 0x05]);

/** The ticket's ESC/POS bytes for the printer. */
export function encodeTicket(doc: string, paper: PaperSpec): Buffer {
  const cpl = charsPerLine(paper.widthMm);
  const body = paper.cut ? doc : doc.replace(/^=$/gm, '');
  if (paper.encoding === 'utf8') {
    const text = receiptline.transform(body.replace(/^=$/gm, ''), { cpl, encoding: 'gb18030', command: 'text', cutting: false });
    return Buffer.concat([ESC_INIT, SELECT_UTF8, Buffer.from(text.replace(/\n+$/, '\n'), 'utf8'), paper.cut ? FEED_AND_CUT : FEED]);
  }
  const out = receiptline.transform(printableDoc(body, paper.encoding), { cpl, encoding: paper.encoding, command: 'escpos', cutting: paper.cut, spacing: false });
  return Buffer.from(out, 'binary');
}

function printableDoc(doc: string, encoding: PrinterEncoding): string {
  return doc
    .split('\n')
    .map((line) => printable(line, encoding))
    .join('\n');
}

/** The ticket as plain text, as laid out on the paper. */
export function ticketText(doc: string, widthMm: number): string {
  const text = receiptline.transform(doc.replace(/^=$/gm, ''), { cpl: charsPerLine(widthMm), encoding: 'gb18030', command: 'text', cutting: false });
  return text.replace(/[ \t]+$/gm, '').replace(/\n+$/, '\n');
}
