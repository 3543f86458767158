/** The back office's own rules: the report periods in the outlet's days, and the loyalty forms' checks. */
import { addDays, periodRange, rangeProblem, todayIn } from './reports/period';
import { adjustProblems, planProblems, ruleProblems, settingsProblems, type PlanForm } from './loyalty/validate';

test("today is the outlet's day: 23:30 UTC is already tomorrow in Macau, still today in London", () => {
  const at = new Date('2026-11-27T23:30:00Z');
  expect(todayIn('Asia/Macau', at)).toBe('2026-11-28');
  expect(todayIn('Europe/London', at)).toBe('2026-11-27');
  expect(periodRange('week', '2026-03-02')).toEqual({ from: '2026-02-24', to: '2026-03-02' });
  expect(periodRange('month', '2026-03-30')).toEqual({ from: '2026-03-01', to: '2026-03-30' });
  expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  expect(rangeProblem('2026-10-10', '2026-10-01', 366)).toBe('order');
  expect(rangeProblem('', '2026-10-01', 366)).toBe('missing');
  expect(rangeProblem('2025-01-01', '2026-10-01', 366)).toBe('long');
  expect(rangeProblem('2026-10-01', '2026-10-01', 366)).toBeNull();
});

const plan = (f: Partial<PlanForm> = {}): PlanForm => ({
  name: 'A',
  nameTw: '',
  nameEn: '',
  cardType: '1',
  faceValue: '20',
  minAmount: '100',
  validDays: '30',
  stock: '',
  perMemberLimit: '1',
  beginDate: '',
  endDate: '',
  outlets: [],
  ...f,
});

test('the loyalty forms: never negative, sensible ranges, dates in order', () => {
  expect(planProblems(plan())).toEqual({});
  expect(planProblems(plan({ faceValue: '-1', name: ' ' }))).toEqual({ faceValue: 'money', name: 'required' });
  expect(planProblems(plan({ cardType: '2', faceValue: '85', minAmount: '' }))).toEqual({});
  expect(planProblems(plan({ cardType: '2', faceValue: '120' }))).toEqual({ faceValue: 'percent' });
  expect(planProblems(plan({ minAmount: '10' }))).toEqual({ minAmount: 'minimum' });
  expect(planProblems(plan({ validDays: '0', stock: '-3', perMemberLimit: '101' }))).toEqual({ validDays: 'range', stock: 'range', perMemberLimit: 'range' });
  expect(planProblems(plan({ beginDate: '2026-02-01', endDate: '2026-01-31' }))).toEqual({ endDate: 'dates' });
  expect(settingsProblems({ scoreUnit: '1', rechargeMin: '100', rechargeMax: '50' })).toEqual({ rechargeMax: 'atMost' });
  expect(settingsProblems({ scoreUnit: '1.234', rechargeMin: '0', rechargeMax: '50' })).toEqual({ scoreUnit: 'money', rechargeMin: 'positive' });
  expect(ruleProblems({ amount: '100', gift: '150' })).toEqual({ gift: 'atMost' });
  expect(adjustProblems({ kind: 'points', delta: '1.5', reason: 'x', pin: '12' })).toEqual({ delta: 'whole', reason: 'reason', pin: 'pin' });
  expect(adjustProblems({ kind: 'balance', delta: '-20.50', reason: 'Refund', pin: '1357' })).toEqual({});
  expect(adjustProblems({ kind: 'balance', delta: '0', reason: 'Refund', pin: '1357' })).toEqual({ delta: 'notZero' });
});
