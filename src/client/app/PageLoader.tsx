/**
 * Loads a page's chunk on demand (SPEC section 2): nothing for the first
 * 600 ms, then a loading view; after 60 s, or when the chunk fails to load
 * (ChunkLoadError), a message and a retry button.
 */
import { defineMessages } from '../i18n/defineMessages';
import { useEffect, useState, type ComponentType } from 'react';
import { FormattedMessage } from 'react-intl';
import type { PageModule } from './routes';

export const PAGE_LOADING_DELAY_MS = 600;
export const PAGE_LOAD_TIMEOUT_MS = 60_000;

const messages = defineMessages({
  loading: { id: 'page.loading', defaultMessage: 'Loading…' },
  failed: { id: 'page.loadFailed', defaultMessage: 'This page could not be loaded. Check the connection and try again.' },
  retry: { id: 'page.retry', defaultMessage: 'Try again' },
});

const loaded = new Map<() => Promise<PageModule>, ComponentType>();

export class PageLoadTimeout extends Error {
  override name = 'PageLoadTimeout';
}

export function loadWithTimeout(load: () => Promise<PageModule>, timeoutMs: number): Promise<PageModule> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new PageLoadTimeout(`page did not load in ${timeoutMs} ms`)), timeoutMs);
    load().then(
      (m) => {
        clearTimeout(timer);
        resolve(m);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}

type State = { status: 'loading'; showSpinner: boolean } | { status: 'ready'; Page: ComponentType } | { status: 'failed'; error: Error };

export function PageLoader({ load, timeoutMs = PAGE_LOAD_TIMEOUT_MS }: { load: () => Promise<PageModule>; timeoutMs?: number }) {
  const cached = loaded.get(load);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<State>(cached ? { status: 'ready', Page: cached } : { status: 'loading', showSpinner: false });

  useEffect(() => {
    if (loaded.has(load)) {
      setState({ status: 'ready', Page: loaded.get(load)! });
      return;
    }
    let live = true;
    setState({ status: 'loading', showSpinner: false });
    const delay = setTimeout(() => live && setState((s) => (s.status === 'loading' ? { ...s, showSpinner: true } : s)), PAGE_LOADING_DELAY_MS);
    loadWithTimeout(load, timeoutMs).then(
      (m) => {
        loaded.set(load, m.default);
        if (live) setState({ status: 'ready', Page: m.default });
      },
      (error: Error) => {
        console.error(error.name === 'ChunkLoadError' ? 'ChunkLoadError' : error.name, error.message);
        if (live) setState({ status: 'failed', error });
      },
    );
    return () => {
      live = false;
      clearTimeout(delay);
    };
  }, [load, attempt, timeoutMs]);

  if (state.status === 'ready') return <state.Page />;
  if (state.status === 'failed') {
    return (
      <div className="page-failed" role="alert">
        <p>
          <FormattedMessage {...messages.failed} />
        </p>
        <button type="button" className="btn btn-primary" onClick={() => setAttempt((n) => n + 1)}>
          <FormattedMessage {...messages.retry} />
        </button>
      </div>
    );
  }
  return state.showSpinner ? (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <FormattedMessage {...messages.loading} />
    </div>
  ) : null;
}
