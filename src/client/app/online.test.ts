/** Online or not: the worker's word on its last data request, and a menu page that came straight from the network. */
import { NETWORK_MESSAGE } from '../sw/offlineData';

test('offline by the worker’s word, online again when a direct request reaches the service', async () => {
  const worker = new EventTarget() as EventTarget & { startMessages(): void };
  worker.startMessages = () => undefined;
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: worker });
  const { isOnline, noteReached, subscribeOnline } = await import('./online');
  const changes: boolean[] = [];
  const stop = subscribeOnline(() => changes.push(isOnline()));
  worker.dispatchEvent(new MessageEvent('message', { data: { type: NETWORK_MESSAGE, online: false } }));
  expect(isOnline()).toBe(false);
  noteReached();
  expect(isOnline()).toBe(true);
  expect(changes).toEqual([false, true]);
  stop();
});
