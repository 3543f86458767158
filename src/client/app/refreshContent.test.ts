/**
 * A language switch reads every answer again in the new language (refreshContent.ts), also one still
 * on its way when the customer switched: that one was asked in the old language.
 */
import { waitFor } from '@testing-library/react';
// eslint-disable-next-line no-restricted-imports
import { menuApi } from '../features/menu/menuApi';
import { answer, holdAnswers, resetGateway, seen, server } from '../test/gateway';
import { makeStore } from './store';
import { localeChosen } from './uiSlice';

const CLASSES = 'HBBPos_AllGoodsClassGet_Get';
const ARGS = { ShopID: 'S1', BaseID: 'B1' };

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => resetGateway());
afterAll(() => server.close());

test('a read on its way when the language changes is read again in the new language once it is in', async () => {
  answer(CLASSES, (req) => ({ table1: [{ ClassID: 'C1', ClassName: req.headers.get('Accept-Language') === 'en' ? 'Rice' : '飯類', GoodsCount: 1 }] }));
  const { store } = makeStore(undefined, {});
  store.dispatch(localeChosen('zh-TW'));
  const release = holdAnswers(CLASSES);
  void store.dispatch(menuApi.util.prefetch('goodsClasses', ARGS, { force: true }) as never);
  await waitFor(() => expect(seen.filter((r) => r.op === CLASSES)).toHaveLength(1));

  store.dispatch(localeChosen('en'));
  release();
  await waitFor(() => expect(menuApi.endpoints.goodsClasses.select(ARGS)(store.getState()).data?.[0]?.name).toBe('Rice'));
  expect(seen.filter((r) => r.op === CLASSES).map((r) => r.headers.get('Accept-Language'))).toEqual(['zh-TW', 'en']);
});
