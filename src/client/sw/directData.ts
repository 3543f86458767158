/**
 * Issue 24: the menu's goods pages straight from the network to the page. The
 * service worker keeps the last menu for an offline start (offlineData.ts) by
 * relaying every request of the data endpoint; the menu's goods pages (the
 * largest answers, the first one what the menu waits for) reached the page
 * 20-30 ms later for it at a phone's speed. Those requests now go with
 * `mode: 'same-origin'` (the same request on the wire), which the worker
 * leaves to the network (worker.ts), and the page hands each answer to the
 * worker to keep when the phone is idle (KEEP_MESSAGE). When the network
 * fails, the page asks again through the worker, which answers from what it
 * kept (and tells the page it is offline, app/online.ts).
 *
 * Only with a worker in control of the page and the data endpoint on the
 * page's own origin (a same-origin request to another origin fails). The
 * transport (app/baseQuery.ts) takes this module when the worker is
 * registered (register.tsx): it is not in the first screen's download.
 */
import { noteReached } from '../app/online';
import { KEEP_MESSAGE, type KeepMessage } from './offlineData';

/** The operations whose answers come straight from the network. */
export const DIRECT_OPERATIONS: ReadonlySet<string> = new Set(['HBBPos_GoodsClass_GoodsList_V9_Get']);

/** Whether this operation's request to `url` goes straight to the network (the worker keeps its answer after). */
function goesDirect(op: string, url: string): boolean {
  if (!DIRECT_OPERATIONS.has(op) || !navigator.serviceWorker?.controller) return false;
  try {
    return new URL(url, location.href).origin === location.origin;
  } catch {
    return false;
  }
}

/** Hands a direct answer to the worker to keep for an offline start, when the phone is idle. */
function keepForOffline(body: string, language: string, text: string): void {
  const worker = navigator.serviceWorker?.controller;
  if (!worker) return;
  const message: KeepMessage = { type: KEEP_MESSAGE, body, language, text };
  const post = () => worker.postMessage(message);
  if (typeof requestIdleCallback === 'function') requestIdleCallback(post, { timeout: 2_000 });
  else setTimeout(post, 0);
}

export interface DirectData {
  goesDirect(op: string, url: string): boolean;
  keepForOffline(body: string, language: string, text: string): void;
  /** A direct request reached the service: the worker's "online", said by the page. */
  noteReached(): void;
}

export const directData: DirectData = { goesDirect, keepForOffline, noteReached };
