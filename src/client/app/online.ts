/**
 * Online or not (issue 29 section 5): the browser's navigator.onLine, and
 * whether the service worker's last data request reached the service (it
 * posts NETWORK_MESSAGE, sw/worker.ts: a failed fetch answered from its
 * cache, or none). Offline, the menu is the one kept on the phone and
 * ordering is off (ui/OfflineNote.tsx, the add and submit buttons).
 * Without a service worker (in-app browsers that have none), navigator.onLine alone.
 */
import { useSyncExternalStore } from 'react';
import { NETWORK_MESSAGE, type NetworkMessage } from '../sw/offlineData';

let reached = true;
let listening = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function listen(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('online', () => {
    reached = true;
    emit();
  });
  window.addEventListener('offline', emit);
  const container = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  if (!container) return;
  container.addEventListener('message', (event: MessageEvent<Partial<NetworkMessage> | null>) => {
    if (event.data?.type === NETWORK_MESSAGE) setReached(Boolean(event.data.online));
  });
  container.startMessages();
}

function setReached(value: boolean): void {
  if (reached === value) return;
  reached = value;
  emit();
}

/** A data request reached the service without the worker (sw/directData.ts): the worker's word, said by the page. */
export function noteReached(): void {
  setReached(true);
}

export function isOnline(): boolean {
  return reached && (typeof navigator === 'undefined' || navigator.onLine !== false);
}

export function subscribeOnline(listener: () => void): () => void {
  listen();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Whether the app can reach the service now; re-renders when that changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline, () => true);
}
