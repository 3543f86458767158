/**
 * What a diner's choice at the table's bill pays (issue 28 section 3), with
 * the shared figures the service decides with (shared/domain/orderTotals.ts):
 *
 *   rest    the whole bill, or what is left of it (no part sent)
 *   mine    the units of the lines the diner added (preselected), as units
 *   items   units of lines the diner picks (1 of the 3 beers)
 *   even    k of N even shares (2-20); an even split in progress keeps its N
 *   amount  a custom amount, at most the rest (the service refuses more)
 *
 * Units being paid by another phone are locked; paid ones are done.
 */
import { minorToString, toMinor } from '../../../../shared/domain/numbers';
import {
  MAX_SHARES,
  MIN_SHARES,
  sharesAmountMinor,
  unitsPaymentMinor,
  type CoveredLine,
} from '../../../../shared/domain/orderTotals';
import type { PayPart } from './splitApi';

export type SplitMode = 'rest' | 'mine' | 'items' | 'even' | 'amount';

/** A line of the bill as the chooser sees it (orders' OrderItem fields). */
export interface SplitLine {
  ItemID: number;
  name: string;
  amo: string;
  units: number;
  paidQua: number;
  heldQua: number;
  heldBy: string;
  addedByMe: boolean;
  voided: boolean;
}

export interface SplitBillFigures {
  totalAmo: string;
  restAmo: string;
  sharesOf: number;
  sharesTaken: number;
}

export interface SplitChoice {
  mode: SplitMode;
  /** Units chosen per ItemID (mine, items). */
  chosen: ReadonlyMap<number, number>;
  /** Even: into how many shares, and how many this diner pays. */
  of: number;
  shares: number;
  /** Amount: the diner's text. */
  amount: string;
}

/** Units of a line nobody pays or is paying. */
export const freeUnits = (l: SplitLine) => Math.max(0, l.units - l.paidQua - l.heldQua);

/** The lines that can be split: those not voided. */
export const billLines = (lines: readonly SplitLine[]) => lines.filter((l) => !l.voided);

/** The diner's own lines' free units (pay my items, preselected). */
export function myUnits(lines: readonly SplitLine[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const l of billLines(lines))
    if (l.addedByMe && freeUnits(l) > 0) out.set(l.ItemID, freeUnits(l));
  return out;
}

/** The even split's N: the one in progress, else the diner's (2-20). */
export const sharesOf = (bill: SplitBillFigures, of: number) =>
  bill.sharesOf > 0
    ? bill.sharesOf
    : Math.min(MAX_SHARES, Math.max(MIN_SHARES, Math.floor(of) || MIN_SHARES));

/** Shares of the even split nobody has taken yet. */
export const sharesLeft = (bill: SplitBillFigures, of: number) =>
  Math.max(0, sharesOf(bill, of) - (bill.sharesOf > 0 ? bill.sharesTaken : 0));

export type Preview =
  | { ok: true; part: PayPart; amountMinor: number }
  | { ok: false; problem: 'noUnits' | 'noAmount' | 'noShares' };

/** What the choice pays (before a tip), and the part to send; the service has the last word. */
export function previewPart(
  bill: SplitBillFigures,
  lines: readonly SplitLine[],
  choice: SplitChoice,
  scale: number,
): Preview {
  const total = toMinor(bill.totalAmo || '0', scale);
  const rest = toMinor(bill.restAmo || '0', scale);
  switch (choice.mode) {
    case 'rest':
      return { ok: true, part: {}, amountMinor: rest };
    case 'mine':
    case 'items': {
      const units = [...choice.chosen].filter(([, q]) => q > 0);
      if (units.length === 0) return { ok: false, problem: 'noUnits' };
      const covered: CoveredLine[] = billLines(lines).map((l) => ({
        lineId: l.ItemID,
        amountMinor: toMinor(l.amo, scale),
        units: l.units,
        covered: l.paidQua + l.heldQua,
      }));
      const amountMinor = unitsPaymentMinor(total, rest, covered, new Map(units));
      return {
        ok: true,
        part: { Units: units.map(([LineID, Qua]) => ({ LineID, Qua })) },
        amountMinor,
      };
    }
    case 'even': {
      const of = sharesOf(bill, choice.of);
      const taken = bill.sharesOf > 0 ? bill.sharesTaken : 0;
      const n = Math.floor(choice.shares);
      if (!(n >= 1) || taken + n > of) return { ok: false, problem: 'noShares' };
      return {
        ok: true,
        part: { Share: { n, of } },
        amountMinor: sharesAmountMinor(total, of, taken, n, rest),
      };
    }
    case 'amount': {
      let minor = 0;
      try {
        minor = toMinor(choice.amount.trim() || '0', scale);
      } catch {
        minor = 0;
      }
      if (!(minor > 0)) return { ok: false, problem: 'noAmount' };
      return { ok: true, part: { Amo: minorToString(minor, scale) }, amountMinor: minor };
    }
  }
}
