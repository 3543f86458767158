/**
 * `npm run printer-sim`: kitchen printers on 127.0.0.1 that decode what they
 * receive and write each job as text and HTML (providers/printerSim.ts).
 *
 *   npm run printer-sim -- [--port 9100:big5:80] [--port 9101:gb18030:58] ... [--out data/printer-sim] [--control 9190] [--offline]
 *
 * Default: the demo's printers (db/seed/printing.ts): 9100 Big5 80 mm (the
 * wok), 9101 GB18030 58 mm (the bar), 9102 UTF-8 80 mm (the quick-service
 * kitchen). Offline and back: `kill -USR1 <pid>` / `kill -USR2 <pid>`, or
 * with --control PORT: `curl -XPOST 127.0.0.1:PORT/offline` / `/online`;
 * `curl 127.0.0.1:PORT/` answers the state and the jobs received.
 */
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import {
  startPrinterSim,
  type SimEncoding,
  type SimPrinterSpec,
} from '../src/server/providers/printerSim';

function args(argv: string[]) {
  const printers: SimPrinterSpec[] = [];
  let out = 'data/printer-sim';
  let control: number | null = null;
  let offline = false;
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--port') {
      const [port, encoding = 'big5', width = '80'] = value().split(':');
      if (!['big5', 'gb18030', 'utf8'].includes(encoding))
        throw new Error(`--port ${port}: encoding big5, gb18030 or utf8, not ${encoding}`);
      printers.push({
        port: Number(port),
        encoding: encoding as SimEncoding,
        widthMm: width === '58' ? 58 : 80,
      });
    } else if (a === '--out') out = value();
    else if (a === '--control') control = Number(value());
    else if (a === '--offline') offline = true;
    else if (a === '--help' || a === '-h') {
      console.log(
        'npm run printer-sim -- [--port PORT[:big5|gb18030|utf8[:58|80]]]... [--out DIR] [--control PORT] [--offline]',
      );
      process.exit(0);
    } else throw new Error(`unknown argument ${a}`);
  }
  if (printers.length === 0)
    printers.push(
      { port: 9100, encoding: 'big5', widthMm: 80 },
      { port: 9101, encoding: 'gb18030', widthMm: 58 },
      { port: 9102, encoding: 'utf8', widthMm: 80 },
    );
  return { printers, out: resolve(out), control, offline };
}

async function main() {
  const opts = args(process.argv.slice(2));
  const sim = await startPrinterSim({
    printers: opts.printers,
    outDir: opts.out,
    log: (line) => console.log(line),
  });
  if (opts.offline) await sim.setOffline(true);
  console.log(
    `printer simulator: ${opts.printers.map((p, i) => `127.0.0.1:${sim.ports[i]} (${p.encoding}, ${p.widthMm} mm)`).join(', ')}; jobs in ${opts.out}; pid ${process.pid}${sim.offline ? '; OFFLINE' : ''}`,
  );
  const set = (offline: boolean) =>
    sim
      .setOffline(offline)
      .then(() =>
        console.log(offline ? 'printers OFFLINE (connections refused)' : 'printers back ONLINE'),
      );
  process.on('SIGUSR1', () => void set(true));
  process.on('SIGUSR2', () => void set(false));
  if (opts.control !== null) {
    createServer((req, res) => {
      const done = (body: unknown) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.method === 'POST' && req.url === '/offline')
        return void set(true).then(() => done({ offline: true }));
      if (req.method === 'POST' && req.url === '/online')
        return void set(false).then(() => done({ offline: false }));
      if (req.method === 'GET' && req.url === '/')
        return done({
          offline: sim.offline,
          ports: sim.ports,
          jobs: sim.jobs.map(({ html: _, lines: __, ...j }) => j),
        });
      res.writeHead(404).end();
    }).listen(opts.control, '127.0.0.1', () =>
      console.log(`control: http://127.0.0.1:${opts.control}/ (POST /offline, POST /online)`),
    );
  }
  const stop = () => void sim.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
