/**
 * The ticket's bytes per encoding (printing/encode.ts) and what the printer
 * simulator reads back from them (providers/printerSim.ts): Big5-HKSCS for
 * 枱 and 餸, '?' for what HKSCS lacks, GB18030, UTF-8 after FS ( C, the cut.
 */
import iconv from 'iconv-lite';
import { decodeEscPos } from '../providers/printerSim';
import { encodeTicket, printable, rlText, ticketText } from './encode';
import { tokenize } from './escpos';

const DOC = `^^^${rlText('枱號 A3')}\n^^${rlText('2 x 餸飯 | 𪚥')} |\n`;
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

test('big5 is Big5-HKSCS: 枱 (FD5E) and 餸 (9652) are sent as such, a character outside HKSCS as ?', () => {
  const bytes = encodeTicket(DOC, { encoding: 'big5', widthMm: 80, cut: true });
  expect(hex(bytes)).toContain('fd5e'); // 枱
  expect(hex(bytes)).toContain('9652'); // 餸
  expect(hex(bytes)).toContain('1c26'); // FS &: the printer's Chinese mode
  const [page, ...rest] = decodeEscPos(bytes, 'big5');
  expect(rest).toEqual([]);
  expect(page!.cut).toBe(true);
  expect(page!.lines.map((l) => l.text.trim()).filter(Boolean)).toEqual([
    '枱號 A3',
    '2 x 餸飯 | ?',
  ]);
  expect(page!.lines.find((l) => l.text.includes('A3'))).toMatchObject({ width: 2, height: 2 });
  expect(printable('叉燒 𪚥', 'big5')).toBe('叉燒 ?');
  expect(printable('叉燒 𪚥', 'gb18030')).toBe('叉燒 𪚥');
});

test('gb18030 and utf8 print every character; utf8 selects UTF-8 with FS ( C; no cut when the printer has none', () => {
  const gb = encodeTicket(DOC, { encoding: 'gb18030', widthMm: 58, cut: true });
  expect(gb.includes(iconv.encode('枱號', 'gb18030'))).toBe(true);
  expect(
    decodeEscPos(gb, 'gb18030')[0]!
      .lines.map((l) => l.text.trim())
      .filter(Boolean),
  ).toEqual(['枱號 A3', '2 x 餸飯 | 𪚥']);
  const utf8 = encodeTicket(DOC, { encoding: 'utf8', widthMm: 80, cut: false });
  expect(hex(utf8)).toContain('1c284302003002');
  expect(utf8.includes(Buffer.from('餸飯', 'utf8'))).toBe(true);
  expect(hex(utf8)).not.toContain('1c26');
  const pages = decodeEscPos(utf8, 'utf8');
  expect(pages.map((p) => p.cut)).toEqual([false]);
  expect(pages[0]!.lines.map((l) => l.text.trim()).filter(Boolean)).toEqual([
    '枱號 A3',
    '2 x 餸飯 | 𪚥',
  ]);
  // The tokenizer keeps every byte: commands and text runs put together are the stream.
  expect(Buffer.concat(tokenize(gb).map((t) => t.bytes)).equals(gb)).toBe(true);
});

test("receiptline's special characters in a goods' name or a remark print as themselves", () => {
  const text = ticketText(`${rlText('-=| {x} ~_^"`@ \\')} |\n`, 80);
  expect(text.trim()).toBe('-=| {x} ~_^"`@ \\');
});
