import { payTypeOffered } from './payTypes';

test('at a table: no pay later, the balance to members only; elsewhere everything (issue 23)', () => {
  const table = (member: boolean) => ({ dineInAtTable: true, member });
  expect(payTypeOffered('paylater', table(true))).toBe(false);
  expect(payTypeOffered('paylater', table(false))).toBe(false);
  expect(payTypeOffered('balance', table(false))).toBe(false);
  expect(payTypeOffered('balance', table(true))).toBe(true);
  expect(payTypeOffered('sandbox', table(false))).toBe(true);
  for (const payType of ['paylater', 'balance', 'sandbox']) {
    expect(payTypeOffered(payType, { dineInAtTable: false, member: false })).toBe(true);
  }
});
