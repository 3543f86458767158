/**
 * E-receipts (issue 29 section 4): "Email me the receipt" on a paid order's
 * page (PosSalSheet_ReceiptMailSubmit_Add), a member's standing choice to get
 * every receipt by mail (Auto), and the automatic receipt queued when such a
 * member's order is paid (queueAutoReceipt, called by payments/settle.ts).
 *
 * Who may ask: whoever may read the sheet (sheet.ts mayRead: who ordered on
 * it, or scanned its table). What is sent: the receipt rendered now
 * (receipts/receipt.ts, equal to the bill to the cent) into the mail outbox
 * in this transaction (mail/outbox.ts); the mail worker sends it. A sheet's
 * receipt is mailed at most RECEIPT_MAILS_PER_HOUR times an hour.
 */
import { normalizeEmail } from '../../../shared/domain/email';
import { ErrorCode } from '../../../shared/protocol/envelope';
import type { Queryable } from '../../db/driver';
import type { Lang } from '../../messages';
import { queueMail } from '../../mail/outbox';
import { buildReceipt } from '../../receipts/receipt';
import { renderReceipt } from '../../receipts/render';
import { OpError, type HandlerMap } from '../context';
import { mayRead } from './sheet';
import { orderedOn } from './sheetRows';

export const RECEIPT_MAILS_PER_HOUR = 5;

const LANGS: readonly Lang[] = ['zh-CN', 'zh-TW', 'en'];

export const receiptHandlers: HandlerMap = {
  async PosSalSheet_ReceiptMailSubmit_Add(ctx, { tableData: [row] }) {
    const { tx, session, now, lang, scannedTables } = ctx;
    const email = normalizeEmail(row!.Email);
    if (!email) throw new OpError('receiptEmailInvalid', ErrorCode.business);
    const [sheet] = await tx.query<{ sheet_id: string; ent_id: string; vip_id: string | null; table_id: string | null }>(
      'SELECT sheet_id, ent_id, vip_id, table_id FROM sheet WHERE sheet_id = $1',
      [row!.SheetID],
    );
    const vipId = session?.vipId ?? null;
    if (!sheet || sheet.ent_id !== session?.entId) throw new OpError('sheetNotFound');
    const orderedHere = Boolean(sheet.vip_id && sheet.vip_id === vipId) || (await orderedOn(tx, sheet.sheet_id, sheet.vip_id, vipId));
    if (!mayRead({ tableId: sheet.table_id ?? '', orderedHere, scannedTables })) throw new OpError('sheetNotFound');

    // At most RECEIPT_MAILS_PER_HOUR an hour per sheet: the sheet row is locked so two requests count each other.
    await tx.query('SELECT 1 FROM sheet WHERE sheet_id = $1 FOR UPDATE', [sheet.sheet_id]);
    const [sent] = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM mail_outbox WHERE sheet_id = $1 AND kind = 'receipt' AND created_at > $2`,
      [sheet.sheet_id, new Date(now.getTime() - 3_600_000)],
    );
    if (Number(sent?.n ?? 0) >= RECEIPT_MAILS_PER_HOUR) throw new OpError('receiptMailTooMany', ErrorCode.rateLimited, { count: RECEIPT_MAILS_PER_HOUR });

    const title = row!.Title?.trim() ?? '';
    const taxNo = row!.TaxNo?.trim() ?? '';
    const receipt = await buildReceipt(tx, sheet.sheet_id, lang, { title, taxNo });
    if (receipt === 'notFound') throw new OpError('sheetNotFound');
    if (receipt === 'notPaid') throw new OpError('receiptNotPaid');
    if (receipt === 'mismatch') throw new OpError('receiptUnavailable');
    await queueMail(tx, { entId: sheet.ent_id, sheetId: sheet.sheet_id, vipId, kind: 'receipt', to: email, lang, mail: renderReceipt(receipt) }, now);

    // A member's standing choice: kept as it was unless Auto was sent. A guest has none.
    let auto: 0 | 1 = 0;
    if (session?.role === 'member' && vipId) {
      if (row!.Auto !== undefined) {
        await tx.query(
          `INSERT INTO vip_receipt_pref (vip_id, email, auto, title, tax_no, lang, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (vip_id) DO UPDATE SET email = EXCLUDED.email, auto = EXCLUDED.auto, title = EXCLUDED.title,
             tax_no = EXCLUDED.tax_no, lang = EXCLUDED.lang, updated_at = EXCLUDED.updated_at`,
          [vipId, email, row!.Auto, title, taxNo, lang, now],
        );
        auto = row!.Auto ? 1 : 0;
      } else {
        const [pref] = await tx.query<{ auto: boolean }>('SELECT auto FROM vip_receipt_pref WHERE vip_id = $1', [vipId]);
        auto = pref?.auto ? 1 : 0;
      }
    }
    return { table1: [{ SheetID: sheet.sheet_id, Email: email, Auto: auto }] };
  },

  async PosSalSheet_ReceiptMailPrefGet_Get({ tx, session }) {
    const vipId = session?.role === 'member' ? session.vipId : null;
    const [pref] = vipId
      ? await tx.query<{ email: string; auto: boolean; title: string; tax_no: string }>('SELECT email, auto, title, tax_no FROM vip_receipt_pref WHERE vip_id = $1', [vipId])
      : [];
    return { table1: [{ Email: pref?.email ?? '', Auto: pref?.auto ? 1 : 0, Title: pref?.title ?? '', TaxNo: pref?.tax_no ?? '' }] };
  },
};

/**
 * The automatic receipt: when a sheet is paid, each member who ordered on it
 * and chose to get every receipt by mail gets one (in the language they chose
 * it in). Called in the transaction that marks the sheet paid; a receipt that
 * cannot be made is skipped (the order page still offers one).
 */
export async function queueAutoReceipt(tx: Queryable, sheetId: string, now: Date): Promise<number> {
  const prefs = await tx.query<{ vip_id: string; email: string; title: string; tax_no: string; lang: string; ent_id: string }>(
    `SELECT p.vip_id, p.email, p.title, p.tax_no, p.lang, s.ent_id
       FROM sheet s
       JOIN vip_receipt_pref p ON p.auto AND (p.vip_id = s.vip_id OR p.vip_id IN (SELECT r.vip_id FROM sheet_round r WHERE r.sheet_id = s.sheet_id AND r.withdrawn_at IS NULL))
       JOIN vip v ON v.vip_id = p.vip_id AND NOT v.is_guest
      WHERE s.sheet_id = $1
      ORDER BY p.vip_id`,
    [sheetId],
  );
  let queued = 0;
  for (const p of prefs) {
    const lang = (LANGS as readonly string[]).includes(p.lang) ? (p.lang as Lang) : 'en';
    const receipt = await buildReceipt(tx, sheetId, lang, { title: p.title, taxNo: p.tax_no });
    if (typeof receipt === 'string') continue;
    await queueMail(tx, { entId: p.ent_id, sheetId, vipId: p.vip_id, kind: 'receipt', to: p.email, lang, mail: renderReceipt(receipt, { auto: true }) }, now);
    queued += 1;
  }
  return queued;
}
