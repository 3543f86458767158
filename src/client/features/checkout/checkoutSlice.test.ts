/**
 * The checkout's choices kept with the cart (issue 23 item 3), through a real
 * store and redux-persist: written as they change, restored on a restart (a
 * reload mid-checkout), cleared once the order is placed or another
 * enterprise's code is entered, and a stored checkout of another version dropped.
 */
import { makeStore, CHECKOUT_STORAGE_KEY } from '../../app/store';
import { memoryStorage, rehydrated } from '../../test/render';
import { cartOwnerEntered } from '../cart';
import {
  CHECKOUT_VERSION,
  checkoutDraftChanged,
  couponChosen,
  emptyDraft,
  migrateCheckout,
  orderPlaced,
  termsAgreementChanged,
  type CheckoutState,
} from './checkoutSlice';
import type { Coupon } from './totals';

const KEY = `persist:${CHECKOUT_STORAGE_KEY}`;

const coupon: Coupon = {
  CardID: 'C1',
  CardCode: 'HK-10',
  names: { zh: '满减券', tw: '滿減券', en: 'MOP$10 off' },
  type: 1,
  faceValue: '10.0000',
  minAmount: '50.0000',
  beginTime: '2026-01-01T00:00:00Z',
  endTime: '2027-01-01T00:00:00Z',
  status: 0,
  usable: true,
  reason: '',
} as Coupon;

async function start(storage = memoryStorage()) {
  const { store, persistor } = makeStore(undefined, { storage });
  await rehydrated(persistor);
  return { store, persistor, storage, checkout: () => store.getState().checkout as CheckoutState };
}

/** A checkout midway: delivery to an address, a coupon, a remark, online payment, the terms agreed. */
async function midway() {
  const s = await start();
  s.store.dispatch(cartOwnerEntered('ENT1'));
  s.store.dispatch(
    checkoutDraftChanged({
      takeType: 'delivery',
      CustName: 'Chan Tai Man',
      CustPhone: '66123456',
      CustDistrict: '澳門 澳門半島 大堂區',
      CustMainAddress: '新馬路 1 號',
      CustHouseNumber: '8/F',
      GPS_Lng: 113.54,
      GPS_Lat: 22.19,
      remark: 'no cutlery',
      payType: 'sandbox',
    }),
  );
  s.store.dispatch(couponChosen(coupon));
  s.store.dispatch(termsAgreementChanged(true));
  await s.persistor.flush();
  s.persistor.pause();
  return s;
}

const stored = (storage: ReturnType<typeof memoryStorage>) => JSON.parse(storage.data.get(KEY) ?? '{}') as Record<string, string>;

describe('the checkout kept with the cart', () => {
  test('is written as it changes and restored on a restart (a reload mid-checkout): delivery, coupon, remark and payment method', async () => {
    const { storage, checkout } = await midway();
    const before = checkout();
    expect(JSON.parse(stored(storage)._persist!)).toMatchObject({ version: CHECKOUT_VERSION });
    const after = await start(storage);
    expect(after.checkout()).toEqual(before);
    expect(after.checkout().draft).toMatchObject({ takeType: 'delivery', remark: 'no cutlery', payType: 'sandbox', GPS_Lat: 22.19 });
    expect(after.checkout().coupon).toEqual(coupon);
    // Entering the same enterprise's code again (the reload's entry) keeps them.
    after.store.dispatch(cartOwnerEntered('ENT1'));
    expect(after.checkout()).toEqual(before);
    after.persistor.pause();
  });

  test('a change is written at once when the page goes away', async () => {
    const s = await start();
    s.store.dispatch(checkoutDraftChanged({ takeType: 'delivery', remark: 'ring twice' }));
    window.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(stored(s.storage).draft!)).toMatchObject({ takeType: 'delivery', remark: 'ring twice' });
    s.persistor.pause();
  });

  test('once the order is placed its choices are cleared, in storage too; the contact and the agreement stay', async () => {
    const { storage } = await midway();
    const s = await start(storage);
    s.store.dispatch(orderPlaced());
    await s.persistor.flush();
    s.persistor.pause();
    const after = await start(storage);
    expect(after.checkout()).toMatchObject({
      coupon: null,
      termsAgreed: true,
      draft: { takeType: '', takeTime: '', remark: '', payType: '', CustName: 'Chan Tai Man', CustPhone: '66123456' },
    });
    after.persistor.pause();
  });

  test("another enterprise's code drops the choices, as it drops the cart", async () => {
    const { storage } = await midway();
    const s = await start(storage);
    s.store.dispatch(cartOwnerEntered('ENT2'));
    expect(s.checkout()).toMatchObject({ entId: 'ENT2', draft: emptyDraft, coupon: null, termsAgreed: false });
    expect(s.store.getState().cart.entId).toBe('ENT2');
    s.persistor.pause();
  });
});

describe('migrateCheckout', () => {
  const persist = (version: number) => ({ version, rehydrated: false });

  test('a stored checkout of this version is kept as it is', async () => {
    const state = { entId: 'E', draft: { ...emptyDraft, takeType: 'delivery' }, coupon, termsAgreed: true, _persist: persist(CHECKOUT_VERSION) };
    expect(await migrateCheckout(state)).toEqual(state);
  });

  test('one stored by another version, older or newer, or none, is not used', async () => {
    expect(await migrateCheckout({ draft: { takeType: 'delivery' }, _persist: persist(CHECKOUT_VERSION - 1) } as never)).toBeUndefined();
    expect(await migrateCheckout({ _persist: persist(CHECKOUT_VERSION + 1) } as never)).toBeUndefined();
    expect(await migrateCheckout(undefined)).toBeUndefined();
  });

  test('through the store: a stored checkout of a newer version starts empty', async () => {
    const storage = memoryStorage({
      [KEY]: JSON.stringify({ draft: JSON.stringify({ ...emptyDraft, takeType: 'delivery' }), _persist: JSON.stringify(persist(CHECKOUT_VERSION + 1)) }),
    });
    const s = await start(storage);
    expect(s.checkout().draft).toEqual(emptyDraft);
    s.persistor.pause();
  });
});
