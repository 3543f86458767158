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
 * - utf8: receiptline lays the ticket out as for GB18030 (the same
 *   double-width columns and commands); each text run is re-encoded in UTF-8
 *   and FS ( C selects UTF-8 on the printer.
 */
import iconv from 'iconv-lite';
import receiptline from 'receiptline';
import { tokenize } from './escpos';

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
  const escaped = flat.replace(/[\\|{}~_"`^]/g, (c) => `\\${c}`);
  // A line of only '-' or '=' is a rule or a cut: an escaped first character keeps it text.
  return /^[-=]/.test(escaped) ? `\\${escaped}` : escaped;
}

/** A rule across the paper, as text (receiptline's ruled lines use box-drawing code points the Chinese modes lack). */
export function rule(widthMm: number): string {
  return rlText('-'.repeat(charsPerLine(widthMm)));
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

/** FS ( C pL pH fn=48 m=2: select UTF-8 (Epson TM-m30 and later, most current 80 mm printers). */
const SELECT_UTF8 = Uint8Array.from([0x1c, 0x28, 0x43, 0x02, 0x00, 0x30, 0x02]);

/** The ticket's ESC/POS bytes for the printer. */
export function encodeTicket(doc: string, paper: PaperSpec): Buffer {
  const cpl = charsPerLine(paper.widthMm);
  const escpos = (encoding: 'big5' | 'gb18030') =>
    Buffer.from(
      receiptline.transform(printableDoc(doc, encoding), {
        cpl,
        encoding,
        command: 'escpos',
        cutting: paper.cut,
        spacing: false,
      }),
      'binary',
    );
  if (paper.encoding !== 'utf8') return escpos(paper.encoding);
  // UTF-8: laid out as GB18030 (the same double-width columns), then each text run re-encoded, UTF-8 selected after each ESC @.
  const parts: Uint8Array[] = [];
  for (const token of tokenize(escpos('gb18030'))) {
    if (token.type === 'text')
      parts.push(Buffer.from(iconv.decode(Buffer.from(token.bytes), 'gb18030'), 'utf8'));
    else if (token.bytes[0] === 0x1c && token.bytes[1] === 0x26)
      continue; // FS &: no Chinese mode in UTF-8
    else {
      parts.push(token.bytes);
      if (token.bytes[0] === 0x1b && token.bytes[1] === 0x40) parts.push(SELECT_UTF8);
    }
  }
  return Buffer.concat(parts);
}

function printableDoc(doc: string, encoding: PrinterEncoding): string {
  return doc
    .split('\n')
    .map((line) => printable(line, encoding))
    .join('\n');
}

/** The ticket as plain text, as laid out on the paper. */
export function ticketText(doc: string, widthMm: number): string {
  const text = receiptline.transform(doc, {
    cpl: charsPerLine(widthMm),
    encoding: 'gb18030',
    command: 'text',
    cutting: false,
  });
  return text.replace(/[ \t]+$/gm, '').replace(/\n+$/, '\n');
}
