/**
 * The loyalty forms' checks before anything is sent, as the service checks
 * them (shared/protocol/staffLoyalty.ts): each problem a message key of
 * this section, shown beside its field in the screen's language.
 */
const MONEY = /^\d{1,9}(\.\d{1,2})?$/;
const SIGNED = /^-?\d{1,7}(\.\d{1,2})?$/;

export type Problem = 'required' | 'money' | 'positive' | 'atMost' | 'whole' | 'range' | 'percent' | 'minimum' | 'dates' | 'reason' | 'pin' | 'signed' | 'notZero';
export type Problems<K extends string> = Partial<Record<K, Problem>>;

export const isMoney = (s: string) => MONEY.test(s.trim());

export function wholeIn(s: string, min: number, max: number): boolean {
  return /^\d+$/.test(s.trim()) && Number(s) >= min && Number(s) <= max;
}

export interface PlanForm {
  name: string;
  nameTw: string;
  nameEn: string;
  cardType: '1' | '2' | '3';
  faceValue: string;
  minAmount: string;
  validDays: string;
  stock: string;
  perMemberLimit: string;
  beginDate: string;
  endDate: string;
  outlets: string[];
}

export function planProblems(f: PlanForm): Problems<keyof PlanForm> {
  const p: Problems<keyof PlanForm> = {};
  if (!f.name.trim()) p.name = 'required';
  if (!isMoney(f.faceValue)) p.faceValue = 'money';
  else if (Number(f.faceValue) <= 0) p.faceValue = 'positive';
  else if (f.cardType === '2' && !wholeIn(f.faceValue, 1, 99)) p.faceValue = 'percent';
  if (f.minAmount.trim() && !isMoney(f.minAmount)) p.minAmount = 'money';
  else if (f.cardType !== '2' && Number(f.minAmount || 0) > 0 && Number(f.minAmount) < Number(f.faceValue)) p.minAmount = 'minimum';
  if (!wholeIn(f.validDays, 1, 3650)) p.validDays = 'range';
  if (f.stock.trim() && !wholeIn(f.stock, 0, 1_000_000)) p.stock = 'range';
  if (!wholeIn(f.perMemberLimit, 1, 100)) p.perMemberLimit = 'range';
  if (f.beginDate && f.endDate && f.endDate < f.beginDate) p.endDate = 'dates';
  return p;
}

export interface SettingsForm {
  scoreUnit: string;
  rechargeMin: string;
  rechargeMax: string;
}

export function settingsProblems(f: SettingsForm): Problems<keyof SettingsForm> {
  const p: Problems<keyof SettingsForm> = {};
  if (!isMoney(f.scoreUnit)) p.scoreUnit = 'money';
  if (!isMoney(f.rechargeMin)) p.rechargeMin = 'money';
  else if (Number(f.rechargeMin) <= 0) p.rechargeMin = 'positive';
  if (!isMoney(f.rechargeMax)) p.rechargeMax = 'money';
  else if (!p.rechargeMin && Number(f.rechargeMax) < Number(f.rechargeMin)) p.rechargeMax = 'atMost';
  return p;
}

export function ruleProblems(f: { amount: string; gift: string }): Problems<'amount' | 'gift'> {
  const p: Problems<'amount' | 'gift'> = {};
  if (!isMoney(f.amount)) p.amount = 'money';
  else if (Number(f.amount) <= 0) p.amount = 'positive';
  if (!isMoney(f.gift)) p.gift = 'money';
  else if (!p.amount && Number(f.gift) > Number(f.amount)) p.gift = 'atMost';
  return p;
}

export function adjustProblems(f: { kind: 'balance' | 'points'; delta: string; reason: string; pin: string }): Problems<'delta' | 'reason' | 'pin'> {
  const p: Problems<'delta' | 'reason' | 'pin'> = {};
  if (!SIGNED.test(f.delta.trim())) p.delta = 'signed';
  else if (Number(f.delta) === 0) p.delta = 'notZero';
  else if (f.kind === 'points' && !Number.isInteger(Number(f.delta))) p.delta = 'whole';
  if (f.reason.trim().length < 2) p.reason = 'reason';
  if (!/^\d{4,8}$/.test(f.pin)) p.pin = 'pin';
  return p;
}
