import { configureStore, createAction, createSlice } from '@reduxjs/toolkit';
import { put, take } from 'redux-saga/effects';
import { runSaga, stdChannel } from 'redux-saga';
import { createLazySagas, type SagaRunner } from './lazySagas';

const pinged = createAction<number>('test/pinged');
const ponged = createAction<number>('test/ponged');
const pongs = createSlice({
  name: 'pongs',
  initialState: [] as number[],
  reducers: {},
  extraReducers: (b) => b.addCase(ponged, (s, a) => [...s, a.payload]),
});

// A saga that answers each ping, with the context it was given.
function* pingPong(): Generator {
  for (;;) {
    const action = (yield take(pinged)) as ReturnType<typeof pinged>;
    yield put(ponged(action.payload));
  }
}

function setup() {
  let release: () => void = () => undefined;
  const loaded = new Promise<void>((r) => (release = r));
  const runner: SagaRunner = (store, context) => {
    const channel = stdChannel();
    runSaga({ channel, dispatch: store.dispatch, getState: store.getState, context }, pingPong);
    return (action) => channel.put(action);
  };
  const sagas = createLazySagas({}, () => loaded.then(() => runner));
  const store = configureStore({ reducer: { pongs: pongs.reducer }, middleware: (d) => d().concat(sagas.middleware) });
  return { store, sagas, release };
}

test('actions dispatched before the sagas have loaded reach them, in order, once they have', async () => {
  const { store, sagas, release } = setup();
  const started = sagas.start();
  store.dispatch(pinged(1));
  store.dispatch(pinged(2));
  expect(store.getState().pongs).toEqual([]);
  release();
  await started;
  expect(store.getState().pongs).toEqual([1, 2]);
  store.dispatch(pinged(3));
  expect(store.getState().pongs).toEqual([1, 2, 3]);
});

test('the real runner loads the root saga from its own module', async () => {
  const { loadSagaRunner } = await import('./lazySagas');
  await expect(loadSagaRunner()).resolves.toEqual(expect.any(Function));
});
