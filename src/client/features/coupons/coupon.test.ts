/** The one coupon converter (issue 11): the member's cards and checkout's screened coupons alike. */
import { toCoupon } from './coupon';

const card = {
  CardID: 'C1',
  CardCode: 'CODE1',
  PlanID: 'P1',
  PlanName: '滿減',
  PlanNameTW: '滿減券',
  PlanNameEN: 'Cash off',
  CardType: '3',
  FaceValue: '10.0000',
  MinAmount: '50.0000',
  BeginTime: '2026-11-01',
  EndTime: '2026-12-01',
  Status: 1,
  Remark: 'r',
};

test('a member card: its use time, and usable only while unused', () => {
  const c = toCoupon({ ...card, UsedTime: '2026-11-20T10:00:00Z' });
  expect(c).toEqual({
    CardID: 'C1',
    CardCode: 'CODE1',
    names: { zh: '滿減', tw: '滿減券', en: 'Cash off' },
    type: 3,
    faceValue: '10.0000',
    minAmount: '50.0000',
    beginTime: '2026-11-01',
    endTime: '2026-12-01',
    status: 1,
    usedTime: '2026-11-20T10:00:00Z',
    remark: 'r',
    usable: false,
    reason: '',
  });
  expect(toCoupon({ ...card, Status: 0 }).usable).toBe(true);
});

test('a screened coupon: the service says whether it is usable, and why not', () => {
  expect(toCoupon({ ...card, Status: 0, Usable: 0, ReasonText: 'Spend 50.00 more' })).toMatchObject({ usable: false, reason: 'Spend 50.00 more', usedTime: '' });
  expect(toCoupon({ ...card, Status: 0, Usable: 1 })).toMatchObject({ usable: true });
});

test('a short row: types and states the app knows, empty texts, zero amounts', () => {
  const c = toCoupon({ CardID: 'C2', CardType: '2', Status: 7 } as never);
  expect(c).toMatchObject({ CardID: 'C2', type: 2, status: 0, faceValue: '0', minAmount: '0', names: { zh: '', tw: '', en: '' } });
  expect(toCoupon(undefined)).toMatchObject({ CardID: '', type: 1, status: 0, usable: true });
});
