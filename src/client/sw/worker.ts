/**
 * The service worker (issue 29 section 5), built by Workbox's InjectManifest
 * into dist/sw.js (webpack.config.ts, the offline block):
 *
 * - the app shell: every file of the build (the page, its chunks, the
 *   locales, the manifest and icons) precached under its revision, the page
 *   answered from there, so an offline start opens at once; one build's files
 *   only: a new build's worker waits until the page says "Update" (no mix);
 * - the last menu of the last outlet: the answers of the data endpoint listed
 *   in offlineData.ts, fetched from the network first and kept; answered from
 *   there only when the network fails;
 * - the menu's pictures, stale while revalidated, at most MAX_PICTURES.
 *
 * Nothing else is answered from a cache: orders, carts, payments, sign-ins
 * go to the network as they are; event streams and other paths are not
 * touched at all. The worker tells its pages whether the network answered
 * (NETWORK_MESSAGE), the app's "failed fetches" signal (app/online.ts).
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration';
import { GATEWAY_PATH } from '../../shared/protocol/envelope';
import {
  DATA_CACHE,
  isKeptAnswer,
  isMenuPicture,
  KEEP_MESSAGE,
  keptRequest,
  MAX_DATA_ENTRIES,
  MAX_PICTURES,
  NETWORK_MESSAGE,
  otherOutlets,
  PICTURE_CACHE,
  type KeepMessage,
  type KeptRequest,
  type NetworkMessage,
} from './offlineData';


/** What this file uses of the worker's global scope (the project's types are the page's, DOM). */
interface WorkerScope {
  __WB_MANIFEST: { url: string; revision: string | null }[];
  location: Location;
  registration: { scope: string };
  clients: {
    claim(): Promise<void>;
    get(id: string): Promise<{ postMessage(message: unknown): void } | undefined>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: { data?: { type?: string }; waitUntil(p: Promise<unknown>): void }) => void): void;
  addEventListener(type: 'activate', listener: (event: { waitUntil(p: Promise<unknown>): void }) => void): void;
}
interface HandlerEvent {
  clientId?: string;
  waitUntil(p: Promise<unknown>): void;
}

const sw = self as unknown as WorkerScope;

cleanupOutdatedCaches();
// Written as `self.__WB_MANIFEST`: the build replaces that text with the list of its files.
precacheAndRoute((self as unknown as WorkerScope).__WB_MANIFEST);
// The app's page, for a navigation to the app (hash-routed: '/' with any query); other paths
// (/staff/, /sandbox/, the providers' pages) are left to the network.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { allowlist: [/^\/(index\.html)?(\?.*)?$/] }));

// A same-origin request of the data endpoint is the menu's goods pages, which the page takes straight from the
// network and hands over to keep (directData.ts, KEEP_MESSAGE below); it asks again through here when that fails.
registerRoute(
  ({ url, request }) => request.method === 'POST' && url.pathname.endsWith(GATEWAY_PATH) && request.mode !== 'same-origin',
  ({ request, event }) => answerData(request, event as unknown as HandlerEvent),
  'POST',
);

registerRoute(
  ({ url, request }) => request.destination === 'image' && isMenuPicture(url, sw.location.origin),
  new StaleWhileRevalidate({ cacheName: PICTURE_CACHE, plugins: [new ExpirationPlugin({ maxEntries: MAX_PICTURES, purgeOnQuotaError: true })] }),
);

// The page's "Update" (workbox-window's messageSkipWaiting): this build takes over, the page reloads. An answer
// the page took straight from the network (directData.ts): kept as a relayed one is.
sw.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void sw.skipWaiting();
  if (event.data?.type === KEEP_MESSAGE) {
    const { body, language, text } = event.data as KeepMessage;
    const kept = typeof body === 'string' && typeof text === 'string' ? keptRequest(sw.registration.scope, body, String(language ?? '')) : null;
    if (kept) event.waitUntil(keep(kept, new Response(text)));
  }
});
// The first worker controls the page it was registered from at once, so the menu that page reads next is kept.
sw.addEventListener('activate', (event) => event.waitUntil(sw.clients.claim()));

const expiration = new CacheExpiration(DATA_CACHE, { maxEntries: MAX_DATA_ENTRIES });

async function answerData(request: Request, event: HandlerEvent): Promise<Response> {
  const kept = keptRequest(sw.registration.scope, await request.clone().text(), request.headers.get('Accept-Language') ?? '');
  let response: Response;
  try {
    response = await fetch(request);
  } catch (err) {
    tell(event, false);
    const hit = kept ? await (await caches.open(DATA_CACHE)).match(kept.key) : undefined;
    if (hit) return hit;
    throw err;
  }
  tell(event, true);
  if (kept && response.ok) event.waitUntil(keep(kept, response.clone()));
  return response;
}

async function keep(kept: KeptRequest, response: Response): Promise<void> {
  const text = await response.text();
  if (!isKeptAnswer(text)) return;
  const cache = await caches.open(DATA_CACHE);
  await cache.put(kept.key, new Response(text, { headers: { 'Content-Type': 'application/json; charset=utf-8' } }));
  if (kept.shopId) {
    const keys = (await cache.keys()).map((r) => r.url);
    await Promise.all(otherOutlets(keys, kept.shopId).map((k) => cache.delete(k)));
  }
  await expiration.updateTimestamp(kept.key);
  await expiration.expireEntries();
}

function tell(event: HandlerEvent, online: boolean): void {
  if (!event.clientId) return;
  const message: NetworkMessage = { type: NETWORK_MESSAGE, online };
  event.waitUntil(sw.clients.get(event.clientId).then((client) => client?.postMessage(message)));
}
