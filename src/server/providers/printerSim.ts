/**
 * The kitchen printer simulator (issue 26 section 3; `npm run printer-sim`,
 * scripts/printer-sim.ts; tests start it in-process): raw TCP printers
 * (ESC/POS, as on port 9100) on 127.0.0.1, each with the encoding it is set
 * to (big5 = Big5-HKSCS, gb18030, utf8). What each receives is decoded: text
 * in its encoding (UTF-8 after FS ( C selects it), line feeds, character
 * size (GS !, ESC !), bold, positions (ESC $, ESC \), cuts (GS V, ESC i/m);
 * the commands it does not show (alignment, code pages, Chinese mode on and
 * off, images, barcodes) are read past by their lengths. A job ends at a cut
 * (or when the connection closes with something printed); each is kept in
 * memory and, with an output folder, written as <port>-<n>.txt and
 * <port>-<n>.html (a picture of the paper).
 *
 * Offline: setOffline(true) closes the listeners (connections are refused,
 * as with a printer switched off) and drops open connections; setOffline(false)
 * listens again on the same ports.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { tokenize } from '../printing/escpos';

export type SimEncoding = 'big5' | 'gb18030' | 'utf8';

export interface SimPrinterSpec {
  /** 0: any free port (tests). */
  port: number;
  encoding: SimEncoding;
  /** Paper width for the HTML picture (default 80). */
  widthMm?: 58 | 80;
}

export interface SimLine {
  text: string;
  /** Character scale (GS !): 1..8. */
  width: number;
  height: number;
  bold: boolean;
}

export interface SimJob {
  port: number;
  /** 1, 2, ... per port, in the order received. */
  seq: number;
  encoding: SimEncoding;
  lines: SimLine[];
  text: string;
  html: string;
  cut: boolean;
  bytes: number;
  receivedAt: Date;
}

export interface PrinterSim {
  /** The ports listened on, in the order given (a 0 replaced by the port found). */
  readonly ports: number[];
  readonly jobs: SimJob[];
  readonly offline: boolean;
  setOffline(offline: boolean): Promise<void>;
  /** Resolves with the port's jobs once it has received `count` of them (rejects after timeoutMs). */
  waitForJobs(port: number, count: number, timeoutMs?: number): Promise<SimJob[]>;
  close(): Promise<void>;
}

/** Dots per character of font A (12x24), as receiptline lays ESC/POS out. */
const CHAR_DOTS = 12;

const isWide = (cp: number) =>
  (cp >= 0x1100 && cp <= 0x115f) ||
  (cp >= 0x2e80 && cp <= 0xa4cf) ||
  (cp >= 0xac00 && cp <= 0xd7a3) ||
  (cp >= 0xf900 && cp <= 0xfaff) ||
  (cp >= 0xfe30 && cp <= 0xfe4f) ||
  (cp >= 0xff00 && cp <= 0xff60) ||
  (cp >= 0xffe0 && cp <= 0xffe6) ||
  cp >= 0x20000;
export const textWidth = (text: string) =>
  [...text].reduce((n, ch) => n + (isWide(ch.codePointAt(0)!) ? 2 : 1), 0);

interface Segment {
  bytes: number[];
  utf8: boolean;
  width: number;
  height: number;
  bold: boolean;
}

/** Decodes an ESC/POS stream into pages (a page ends at a cut; the last one may not be cut). */
export function decodeEscPos(
  data: Uint8Array,
  encoding: SimEncoding,
): { lines: SimLine[]; cut: boolean }[] {
  const pages: { lines: SimLine[]; cut: boolean }[] = [];
  let lines: SimLine[] = [];
  let segs: Segment[] = [];
  let width = 1;
  let height = 1;
  let bold = false;
  let utf8 = encoding === 'utf8';
  const decode = (s: Segment) =>
    s.utf8
      ? Buffer.from(s.bytes).toString('utf8')
      : iconv.decode(Buffer.from(s.bytes), encoding === 'utf8' ? 'utf8' : encoding);
  const column = () => segs.reduce((n, s) => n + textWidth(decode(s)) * s.width, 0);
  const seg = () => {
    const last = segs[segs.length - 1];
    if (
      last &&
      last.width === width &&
      last.height === height &&
      last.bold === bold &&
      last.utf8 === utf8
    )
      return last;
    const s: Segment = { bytes: [], utf8, width, height, bold };
    segs.push(s);
    return s;
  };
  const pad = (toColumn: number) => {
    const n = Math.max(0, Math.round(toColumn) - column());
    if (n > 0)
      segs.push({ bytes: Array(n).fill(0x20), utf8: true, width: 1, height: 1, bold: false });
  };
  const endLine = () => {
    const text = segs.map(decode).join('').replace(/\s+$/, '');
    const printed = segs.filter((s) => decode(s).trim());
    lines.push({
      text,
      width: Math.max(1, ...printed.map((s) => s.width)),
      height: Math.max(1, ...printed.map((s) => s.height)),
      bold: printed.some((s) => s.bold),
    });
    segs = [];
  };
  const cut = () => {
    if (segs.length) endLine();
    pages.push({ lines, cut: true });
    lines = [];
  };
  for (const token of tokenize(data)) {
    const t = token.bytes;
    if (token.type === 'text') {
      seg().bytes.push(...t);
      continue;
    }
    const [b, c] = [t[0], t[1]];
    const u16 = (j: number) => (t[j] ?? 0) + (t[j + 1] ?? 0) * 256;
    if (b === 0x0a) endLine();
    else if (b === 0x1b && c === 0x40) {
      // ESC @ initialize
      width = height = 1;
      bold = false;
      utf8 = encoding === 'utf8';
    } else if (b === 0x1b && c === 0x45) bold = (t[2]! & 1) === 1;
    else if (b === 0x1b && c === 0x21) {
      // ESC ! n print mode
      bold = (t[2]! & 0x08) !== 0;
      height = t[2]! & 0x10 ? 2 : 1;
      width = t[2]! & 0x20 ? 2 : 1;
    } else if (b === 0x1b && c === 0x24)
      pad(u16(2) / CHAR_DOTS); // ESC $ absolute position (dots)
    else if (b === 0x1b && c === 0x5c)
      pad(column() + ((u16(2) << 16) >> 16) / CHAR_DOTS); // ESC \ relative
    else if (b === 0x1b && c === 0x64 && segs.length)
      endLine(); // ESC d n feed
    else if ((b === 0x1b && (c === 0x69 || c === 0x6d)) || (b === 0x1d && c === 0x56))
      cut(); // ESC i, ESC m, GS V
    else if (b === 0x1d && c === 0x21) {
      width = (t[2]! >> 4) + 1;
      height = (t[2]! & 0x0f) + 1;
    } else if (b === 0x1c && c === 0x28 && t[2] === 0x43 && t[5] === 0x30) utf8 = t[6] === 0x02; // FS ( C: 2 selects UTF-8
    // Everything else (alignment, code pages, Chinese mode on/off, spacing, images, barcodes) changes no text.
  }
  if (segs.length) endLine();
  if (lines.some((l) => l.text.trim())) pages.push({ lines, cut: false });
  // A cut with nothing printed since the last one (a feed and cut after a cut) is no page.
  return pages.filter((p) => p.lines.some((l) => l.text.trim()));
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The paper as HTML: one monospaced line per printed line, scaled as printed, the cut as a dashed line. */
export function paperHtml(
  job: Pick<SimJob, 'lines' | 'cut' | 'port' | 'seq' | 'encoding'>,
  widthMm: number,
): string {
  const cpl = widthMm === 58 ? 32 : 48;
  const rows = job.lines
    .map(
      (l) =>
        `<div class="l" style="font-size:${l.height}em;${l.width !== l.height ? `transform:scaleX(${l.width / l.height});transform-origin:left;` : ''}${l.bold ? 'font-weight:bold;' : ''}">${escapeHtml(l.text) || '&nbsp;'}</div>`,
    )
    .join('\n');
  return `<!doctype html><html lang="zh-Hant"><head><meta charset="utf-8"><title>printer ${job.port} job ${job.seq}</title>
<style>body{background:#ccc;padding:1em}.paper{background:#fff;width:${cpl}ch;padding:1ch;font-family:"Noto Sans Mono CJK TC","Sarasa Mono TC",monospace;white-space:pre;line-height:1.2;font-size:14px;box-shadow:0 1px 4px #0006}.l{overflow:visible}.cut{border-top:2px dashed #888;margin-top:1em;color:#888;font-size:12px}</style></head>
<body><p>port ${job.port} (${job.encoding}), job ${job.seq}</p><div class="paper">
${rows}
${job.cut ? '<div class="cut">✂ cut</div>' : ''}</div></body></html>
`;
}

export async function startPrinterSim(options: {
  printers: SimPrinterSpec[];
  host?: string;
  outDir?: string | null;
  log?: (line: string) => void;
}): Promise<PrinterSim> {
  const host = options.host ?? '127.0.0.1';
  const jobs: SimJob[] = [];
  const waiters: (() => void)[] = [];
  const servers: (Server | null)[] = options.printers.map(() => null);
  const sockets = new Set<Socket>();
  const ports = options.printers.map((p) => p.port);
  let offline = false;
  if (options.outDir) mkdirSync(options.outDir, { recursive: true });

  const record = (index: number, data: Buffer) => {
    const spec = options.printers[index]!;
    const port = ports[index]!;
    for (const page of decodeEscPos(data, spec.encoding)) {
      const seq = jobs.filter((j) => j.port === port).length + 1;
      const base = { port, seq, encoding: spec.encoding, lines: page.lines, cut: page.cut };
      const job: SimJob = {
        ...base,
        text: `${page.lines
          .map((l) => l.text)
          .join('\n')
          .replace(/\n+$/, '')}\n`,
        html: paperHtml(base, spec.widthMm ?? 80),
        bytes: data.length,
        receivedAt: new Date(),
      };
      jobs.push(job);
      if (options.outDir) {
        const name = `${port}-${String(seq).padStart(4, '0')}`;
        writeFileSync(join(options.outDir, `${name}.txt`), job.text);
        writeFileSync(join(options.outDir, `${name}.html`), job.html);
      }
      options.log?.(
        `printer ${port}: job ${seq} (${data.length} bytes${page.cut ? ', cut' : ''})\n${job.text}`,
      );
    }
    for (const w of waiters.splice(0)) w();
  };

  const listen = (index: number) =>
    new Promise<void>((resolve, reject) => {
      const server = createServer((socket) => {
        sockets.add(socket);
        const chunks: Buffer[] = [];
        socket.on('data', (d) => chunks.push(d));
        socket.on('error', () => undefined);
        socket.on('end', () => {
          sockets.delete(socket);
          if (!offline) record(index, Buffer.concat(chunks));
          socket.end();
        });
        socket.on('close', () => sockets.delete(socket));
      });
      server.once('error', reject);
      server.listen(ports[index], host, () => {
        ports[index] = (server.address() as { port: number }).port;
        servers[index] = server;
        resolve();
      });
    });
  const stop = async () => {
    for (const s of sockets) s.destroy();
    sockets.clear();
    await Promise.all(
      servers.map((s, i) =>
        s
          ? new Promise<void>((r) => s.close(() => r())).then(() => (servers[i] = null))
          : undefined,
      ),
    );
  };

  for (let i = 0; i < options.printers.length; i += 1) await listen(i);
  return {
    ports,
    jobs,
    get offline() {
      return offline;
    },
    async setOffline(value) {
      if (value === offline) return;
      offline = value;
      if (value) await stop();
      else for (let i = 0; i < options.printers.length; i += 1) await listen(i);
    },
    waitForJobs(port, count, timeoutMs = 10_000) {
      const mine = () => jobs.filter((j) => j.port === port);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(
              new Error(`printer ${port}: ${mine().length} of ${count} jobs after ${timeoutMs} ms`),
            ),
          timeoutMs,
        );
        const check = () => {
          if (mine().length >= count) {
            clearTimeout(timer);
            resolve(mine());
          } else waiters.push(check);
        };
        check();
      });
    },
    async close() {
      offline = true;
      await stop();
    },
  };
}
