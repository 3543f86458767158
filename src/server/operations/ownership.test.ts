/**
 * One owner of an order's changes (issue 25 item 4): the sheet is written and
 * its live events emitted only by the service's operations (and the events
 * module that defines emitSheetEvent); the HTTP layers authenticate, parse
 * and route. The coupon's release is written once.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
const SRC = join(ROOT, 'src');

/** The statements that change an order, as they are written in the code. */
const ORDER_WRITES: { what: string; re: RegExp }[] = [
  { what: 'UPDATE sheet', re: /UPDATE\s+sheet\b/i },
  { what: 'INSERT INTO sheet', re: /INSERT\s+INTO\s+sheet\b/i },
  { what: 'emitSheetEvent(', re: /\bemitSheetEvent\(/ },
];

/** Where they may appear: the operations, and the module that defines emitSheetEvent. */
const ALLOWED = (file: string) => file.startsWith(`src/server/operations/`) || file === 'src/server/events/emit.ts';

/** Production code: tests and the test kits (which write fixtures) are not. */
function productionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return path === join(SRC, 'server', 'test') ? [] : productionFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.(test|typetest)\.tsx?$/.test(e.name) ? [path] : [];
  });
}

const files = productionFiles(SRC).map((path) => ({ file: relative(ROOT, path).split(sep).join('/'), text: readFileSync(path, 'utf8') }));

/** The writes of one file's text. */
export function orderWritesIn(text: string): string[] {
  return ORDER_WRITES.filter(({ re }) => re.test(text)).map(({ what }) => what);
}

describe('who changes an order', () => {
  it('finds the writes it looks for, and not the rounds table', () => {
    expect(orderWritesIn("await tx.query('UPDATE sheet SET progress = $2 WHERE sheet_id = $1')")).toEqual(['UPDATE sheet']);
    expect(orderWritesIn('`INSERT INTO sheet (sheet_id) VALUES ($1)`')).toEqual(['INSERT INTO sheet']);
    expect(orderWritesIn("await emitSheetEvent(tx, id, 'closed');")).toEqual(['emitSheetEvent(']);
    expect(orderWritesIn('UPDATE sheet_round SET progress = $3; INSERT INTO sheet_item (item_id)')).toEqual([]);
  });

  it('the operations do write orders (the scan reads the code)', () => {
    const owners = files.filter((f) => orderWritesIn(f.text).length > 0).map((f) => f.file);
    expect(owners).toEqual(expect.arrayContaining(['src/server/operations/orders/submit.ts', 'src/server/operations/orders/kitchen.ts']));
  });

  it('nothing outside src/server/operations/ writes a sheet or emits its event', () => {
    const outside = files.filter((f) => !ALLOWED(f.file)).flatMap((f) => orderWritesIn(f.text).map((what) => `${f.file}: ${what}`));
    expect(outside).toEqual([]);
  });

  it("the coupon's release is written once (operations/coupons/release.ts)", () => {
    const releasing = files.filter((f) => /UPDATE\s+vip_card\s+SET\s+status\s*=\s*0\b/i.test(f.text)).map((f) => f.file);
    expect(releasing).toEqual(['src/server/operations/coupons/release.ts']);
  });
});
