/**
 * The menu as CSV (issue 27 section 1): GET /staff/menu/export.csv and
 * POST /staff/menu/import (?dryRun=1). One row per goods ("goods") and one per
 * sku ("sku", after its goods' row, the same code). Goods are matched by their
 * code within the shop: a new code creates a goods, a known one updates it
 * when a field differs, so importing the export again changes nothing.
 *
 * Every row is checked with the API's own checks (operations/backOffice/menu.ts),
 * in the caller's language, inside one transaction: a dry run, or any row in
 * error, rolls it all back (nothing written, every row's error reported); only
 * a clean, real import commits.
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { GoodsInput, MenuGoodsJson, MenuImportAnswer } from '../../../shared/protocol/staffMenu';
import type { Db, Queryable } from '../../db/driver';
import type { AuditRecord } from '../orders/kitchen';
import { message } from '../../messages';
import { changedFields, createGoods, MenuRefusal, readMenu, updateGoods, type MenuDeps } from './menu';

export const CSV_COLUMNS = [
  'kind', 'code', 'class_id', 'name_zh', 'name_tw', 'name_en', 'description_zh', 'description_tw', 'description_en',
  'goods_type', 'unit', 'price', 'sales_price', 'outlets', 'sold_out', 'spec', 'sku_values',
] as const;
type CsvRow = Record<(typeof CSV_COLUMNS)[number], string>;

/** "Size=Regular|Large;Temperature=Hot|Iced" */
const specText = (attrs: MenuGoodsJson['attributes']) => attrs.map((a) => `${a.name}=${a.values.join('|')}`).join(';');
const parseSpec = (text: string) =>
  text.trim()
    ? text.split(';').map((part) => {
        const [name, values = ''] = part.split('=');
        return { name: (name ?? '').trim(), values: values.split('|').map((v) => v.trim()).filter(Boolean) };
      })
    : [];

export async function exportMenuCsv(d: Pick<MenuDeps, 'tx' | 'actor' | 'lang'>, shopId: string | undefined): Promise<string> {
  const menu = await readMenu(d, shopId);
  const rows: string[][] = [[...CSV_COLUMNS]];
  for (const g of menu.goods) {
    if (g.archived) continue;
    rows.push([
      'goods', g.code, g.classId, g.names.zh, g.names.tw, g.names.en, g.descriptions.zh, g.descriptions.tw, g.descriptions.en,
      String(g.goodsType), g.unit, g.price, g.salesPrice, g.outlets.join(' '), g.soldOut ? '1' : '0', specText(g.attributes), '',
    ]);
    for (const s of g.skus) {
      rows.push(['sku', g.code, '', '', '', '', '', '', '', '', '', s.price, s.salesPrice, '', s.soldOut ? '1' : '0', '', s.values.join('|')]);
    }
  }
  // A byte-order mark, so spreadsheet programs read the Chinese names as UTF-8.
  return `\uFEFF${stringify(rows)}`;
}

class Rollback extends Error {}

/** Imports (or, dryRun, only checks) a CSV of the menu of `shopId`; nothing is written unless every row is right. */
export async function importMenuCsv(db: Db, deps: Omit<MenuDeps, 'tx' | 'record'> & { recordIn: (tx: Queryable) => AuditRecord }, shopId: string | undefined, csv: string, dryRun: boolean): Promise<MenuImportAnswer> {
  const say = (key: Parameters<typeof message>[0], values: Record<string, string | number> = {}) => message(key, deps.lang, values);
  let records: string[][];
  try {
    records = parse(csv.replace(/^\uFEFF/, ''), { relax_column_count: true, skip_empty_lines: true }) as string[][];
  } catch (err) {
    return { dryRun, written: false, rows: 0, changes: [], errors: [{ row: 1, message: say('menuCsvBad', { detail: (err as Error).message }) }] };
  }
  const header = records[0] ?? [];
  if (CSV_COLUMNS.some((c, i) => header[i]?.trim() !== c)) {
    return { dryRun, written: false, rows: 0, changes: [], errors: [{ row: 1, message: say('menuCsvHeader', { columns: CSV_COLUMNS.join(',') }) }] };
  }
  const rows = records.slice(1).map((r) => Object.fromEntries(CSV_COLUMNS.map((c, i) => [c, (r[i] ?? '').trim()])) as CsvRow);
  const answer: MenuImportAnswer = { dryRun, written: false, rows: rows.length, changes: [], errors: [] };

  // Goods rows with their sku rows (line numbers as a spreadsheet shows them: the header is line 1).
  const groups: { line: number; row: CsvRow; skus: { line: number; row: CsvRow }[] }[] = [];
  rows.forEach((row, i) => {
    const line = i + 2;
    if (row.kind === 'goods') groups.push({ line, row, skus: [] });
    else if (row.kind === 'sku') {
      const last = groups[groups.length - 1];
      if (!last || last.row.code !== row.code) answer.errors.push({ row: line, message: say('menuCsvSkuWithoutGoods') });
      else last.skus.push({ line, row });
    } else answer.errors.push({ row: line, message: say('menuCsvKind') });
  });

  try {
    await db.transaction(async (tx) => {
      const d: MenuDeps = { actor: deps.actor, lang: deps.lang, now: deps.now, tx, record: deps.recordIn(tx) };
      const menu = await readMenu(d, shopId);
      for (const { line, row, skus } of groups) {
        const input: GoodsInput = {
          shopId: menu.shopId,
          classId: row.class_id,
          code: row.code,
          names: { zh: row.name_zh, tw: row.name_tw, en: row.name_en },
          descriptions: { zh: row.description_zh, tw: row.description_tw, en: row.description_en },
          goodsType: Number(row.goods_type || '0'),
          unit: row.unit,
          price: row.price,
          salesPrice: row.sales_price || row.price,
          outlets: row.outlets.split(/\s+/).filter(Boolean),
          soldOut: row.sold_out === '1',
          attributes: parseSpec(row.spec),
          skus: skus.map((s) => ({ values: s.row.sku_values.split('|').map((v) => v.trim()), price: s.row.price, salesPrice: s.row.sales_price || s.row.price, soldOut: s.row.sold_out === '1' })),
        };
        const existing = menu.goods.find((g) => g.code === row.code);
        // Each goods in a savepoint of its own: a refused row leaves nothing behind, and the next rows are still checked.
        await tx.query('SAVEPOINT csv_row');
        try {
          if (!existing) {
            await createGoods(d, input);
            answer.changes.push({ code: row.code, action: 'create', fields: [] });
          } else {
            const saved = await updateGoods(d, existing.goodsId, { ...input, version: existing.version });
            const fields = changedFields(existing, saved);
            answer.changes.push({ code: row.code, action: fields.length > 0 ? 'update' : 'unchanged', fields });
          }
          await tx.query('RELEASE SAVEPOINT csv_row');
        } catch (err) {
          await tx.query('ROLLBACK TO SAVEPOINT csv_row');
          if (!(err instanceof MenuRefusal)) throw err;
          answer.errors.push({ row: line, message: err.message });
        }
      }
      if (dryRun || answer.errors.length > 0) throw new Rollback();
    });
    answer.written = true;
  } catch (err) {
    if (!(err instanceof Rollback)) throw err;
  }
  answer.errors.sort((a, b) => a.row - b.row);
  return answer;
}

