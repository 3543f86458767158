/**
 * "Try again" on the paying page (issue 28): a provider payment that failed
 * or was cancelled is asked for again as it was (the same share, amount or
 * units of lines, and the same tip), re-read against what is left of the
 * table's bill now, so a payment of part of the bill does not turn into one
 * of the whole bill. When what it covered can no longer be paid (others paid
 * or are paying it, the even split changed, the rest is gone, the tip is now
 * over the limit), the page says so and offers the split screen. The page's
 * own chunk: the service tells what the payment covered (Part, ShareN,
 * ShareOf, TipAmo, Units of Finance_PaySubmit_V2_Update).
 */
import { api } from '../../app/api';
import { answer, request } from '../../app/operation';
import { num, text } from '../../app/rows';
import { minorToString, sumMoney, toMinor } from '../../../shared/domain/numbers';
import { maxTipMinor, sharesAmountMinor, unitsPaymentMinor, type CoveredLine } from '../../../shared/domain/orderTotals';
import type { PayPart } from './split/splitApi';

export type PartKind = '' | 'rest' | 'share' | 'amount' | 'units';

/** A payment and what it covered. */
export interface PaidPart {
  status: string;
  /** What the payer was charged, tip included. */
  amount: string;
  part: PartKind;
  shareN: number;
  shareOf: number;
  tipAmo: string;
  units: { LineID: number; Qua: number }[];
}

const PARTS: readonly PartKind[] = ['', 'rest', 'share', 'amount', 'units'];

export const retryApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The payment as the service has it now, with what it covered (asked when "Try again" is pressed). */
    paidPart: build.query<PaidPart | null, { SheetID: string; PayID: string }>({
      query: ({ SheetID, PayID }) => request('Finance_PaySubmit_V2_Update', [{ SheetID, PayID }], { silent: true }),
      transformResponse: answer('Finance_PaySubmit_V2_Update', (r) => {
        const row = r.table1[0];
        if (!row) return null;
        const part = text(row.Part) as PartKind;
        return {
          status: text(row.Status),
          amount: text(row.Amount),
          part: PARTS.includes(part) ? part : '',
          shareN: num(row.ShareN),
          shareOf: num(row.ShareOf),
          tipAmo: text(row.TipAmo) || '0',
          units: (row.Units ?? []).map((u) => ({ LineID: num(u.LineID), Qua: num(u.Qua) })),
        };
      }),
    }),
  }),
});

/** The bill now (the order details' header and lines). */
export interface BillNow {
  header: { totalAmo: string; restAmo: string; sharesOf: number; sharesTaken: number };
  items: readonly { ItemID: number; amo: string; units: number; paidQua: number; heldQua: number; voided: boolean }[];
}

/** What to ask the provider for: the amount charged and the part (null: the whole sheet, as before issue 28). */
export type RetryPlan = { ok: true; TotalAmo: string; part: PayPart | null } | { ok: false };

/** The same part as `paid`, re-read against the bill now, in minor units at `scale`. */
export function retryPlan(paid: PaidPart, bill: BillNow, scale: number): RetryPlan {
  const total = toMinor(bill.header.totalAmo || '0', scale);
  const rest = toMinor(bill.header.restAmo || '0', scale);
  const tip = toMinor(paid.tipAmo || '0', scale);
  const charged = toMinor(paid.amount || '0', scale);
  const withTip = (amountMinor: number, part: PayPart): RetryPlan => {
    if (!(amountMinor > 0) || tip > maxTipMinor(amountMinor)) return { ok: false };
    return { ok: true, TotalAmo: minorToString(sumMoney([amountMinor, tip]), scale), part: tip > 0 ? { ...part, TipAmo: minorToString(tip, scale) } : part };
  };
  const asked = partOf(paid, charged - tip, scale);
  // Still waiting for the provider (cancelled on its page, its word not in yet): the same payment, as it was.
  if (paid.status === 'pending') return { ok: true, TotalAmo: minorToString(charged, scale), part: asked };
  if (paid.part === '') return { ok: true, TotalAmo: minorToString(total, scale), part: null };
  if (rest <= 0) return { ok: false };
  switch (paid.part) {
    case 'rest':
      return withTip(rest, {});
    case 'amount':
      return charged - tip > rest ? { ok: false } : withTip(charged - tip, asked!);
    case 'share': {
      const { shareN: n, shareOf: of } = paid;
      // Another even split started since (the latest one paid or being paid): this one's shares are not the bill's now.
      if (bill.header.sharesOf > 0 && bill.header.sharesOf !== of) return { ok: false };
      const taken = bill.header.sharesOf > 0 ? bill.header.sharesTaken : 0;
      if (!(n >= 1) || taken + n > of) return { ok: false };
      return withTip(sharesAmountMinor(total, of, taken, n, rest), asked!);
    }
    case 'units': {
      const lines = bill.items.filter((l) => !l.voided);
      const covered: CoveredLine[] = lines.map((l) => ({ lineId: l.ItemID, amountMinor: toMinor(l.amo, scale), units: l.units, covered: l.paidQua + l.heldQua }));
      const free = (id: number) => {
        const l = lines.find((x) => x.ItemID === id);
        return l ? Math.max(0, l.units - l.paidQua - l.heldQua) : 0;
      };
      if (paid.units.length === 0 || paid.units.some((u) => !(u.Qua >= 1) || free(u.LineID) < u.Qua)) return { ok: false };
      return withTip(unitsPaymentMinor(total, rest, covered, new Map(paid.units.map((u) => [u.LineID, u.Qua]))), asked!);
    }
  }
}

/** The part as the payment asks for it (the rest: no field; the whole sheet: null). */
function partOf(paid: PaidPart, amountMinor: number, scale: number): PayPart | null {
  const tip = toMinor(paid.tipAmo || '0', scale);
  const tipped = tip > 0 ? { TipAmo: minorToString(tip, scale) } : {};
  switch (paid.part) {
    case '':
      return null;
    case 'rest':
      return { ...tipped };
    case 'share':
      return { Share: { n: paid.shareN, of: paid.shareOf }, ...tipped };
    case 'amount':
      return { Amo: minorToString(amountMinor, scale), ...tipped };
    case 'units':
      return { Units: paid.units, ...tipped };
  }
}
