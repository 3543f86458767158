/** Issue 24: the menu's warm-up at idle asks for nothing before a shop is entered, then for its classes once. */
import { waitFor } from '@testing-library/react';
import { shopParamsChanged } from '../session';
import { answer, resetGateway, seen, server } from '../test/gateway';
import { warmMenu } from './afterIdle';
import { makeStore } from './store';

const CLASSES = 'HBBPos_AllGoodsClassGet_Get';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => resetGateway());
afterAll(() => server.close());

test('nothing is asked before a shop is entered; then the shop\'s classes, once, for its outlet', async () => {
  answer(CLASSES, { table1: [{ ClassID: 'C1', ClassName: 'Rice', GoodsCount: 2 }] });
  const { store } = makeStore(undefined, {});
  warmMenu(store);
  await new Promise((r) => setTimeout(r, 50));
  expect(seen.filter((r) => r.op === CLASSES)).toEqual([]);

  store.dispatch(shopParamsChanged({ ShopID: 'S1', BaseID: 'B1' }));
  await waitFor(() => expect(seen.filter((r) => r.op === CLASSES)).toHaveLength(1));
  expect(seen.find((r) => r.op === CLASSES)!.json.tableData[0]).toMatchObject({ ShopID: 'S1', BaseID: 'B1' });
  await waitFor(() => expect(store.getState().api.queries['goodsClasses({"BaseID":"B1","ShopID":"S1"})']?.status).toBe('fulfilled'));

  // Later changes of the store do not warm it again.
  store.dispatch(shopParamsChanged({ BaseID: 'B2' }));
  await new Promise((r) => setTimeout(r, 50));
  expect(seen.filter((r) => r.op === CLASSES)).toHaveLength(1);
});
