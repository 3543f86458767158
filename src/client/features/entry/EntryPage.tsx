/**
 * The entry route (/, scanCodeEntry): resolves the scanned code to its
 * enterprise, loads the shop page and the entity's parameters, fills the shop
 * state and opens the home tab. A bad code shows its message here.
 */
import { defineMessages } from '../../i18n/defineMessages';
import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { useGo } from '../../app/navigation';
import { pathOf } from '../../app/paths';
import { isGatewayError } from '../../app/errorListener';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectSignInSettled, orderEntryPath } from '../../session';
import { HOSTS } from '../../host/detect';
import { takeOverFirstScreen } from '../../boot/firstScreen';
import { selectHostId, tabBarHidden } from '../../app/uiSlice';
import { loadLaterMessages } from '../../i18n/laterMessages';
import { codeToResolve, readEntryParams } from './entryParams';

const messages = defineMessages({
  opening: { id: 'entry.opening', defaultMessage: 'Opening the shop…' },
});

// A code that leads nowhere (or none) is rare: what the page says then, and its ways on, load then.
const EntryProblem = lazy(() =>
  Promise.all([import(/* webpackChunkName: "entry-problem" */ './EntryProblem'), loadLaterMessages()]).then(([m]) => m),
);

type Status = { kind: 'loading' } | { kind: 'noCode' } | { kind: 'failed'; message: string | null };

/** How long the entry waits for the sign-in before opening the shop anyway (ordering signs in again when it must). */
export const SIGN_IN_WAIT_MS = 15_000;

export default function EntryPage() {
  const dispatch = useAppDispatch();
  const go = useGo();
  const location = useLocation();
  const [status, setStatus] = useState<Status>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // Where the scan leads, once the customer is known (an in-app browser may first visit its provider).
  const [target, setTarget] = useState<string | null>(null);
  const [waitedEnough, setWaitedEnough] = useState(false);
  const signInSettled = useAppSelector(selectSignInSettled);
  // Only a host whose sign-in may leave the page (to its provider) is waited for; a plain browser's
  // guest sign-in goes on behind the home page instead of in front of it (issue 14).
  const hostId = useAppSelector(selectHostId);
  const mayLeave = HOSTS.find((h) => h.id === hostId)?.signIn !== 'none';

  useEffect(() => {
    const params = readEntryParams(location.search, window.location.search);
    dispatch(tabBarHidden(params.hideTabBar));
    const code = codeToResolve(params);
    if (!code) {
      setStatus({ kind: 'noCode' });
      return;
    }
    let live = true;
    setStatus({ kind: 'loading' });
    (async () => {
      // The shop entry's chunk, which the boot has usually loaded already (it started the requests).
      const { enterShop } = await import(/* webpackChunkName: "enter-shop" */ './enterShop');
      const guard = await dispatch(enterShop(params));
      if (!live) return;
      // A closed outlet says so on its home page, with its hours and the outlets open now (issue 23);
      // a table's sheet that is over or out of time is orderEntry's.
      setTarget(guard.ok || guard.reason === 'closed' ? pathOf('home') : orderEntryPath(guard));
    })().catch((err: unknown) => {
      if (!live) return;
      setStatus({
        kind: 'failed',
        message: isGatewayError(err) && err.kind === 'business' ? err.message : null,
      });
    });
    return () => {
      live = false;
    };
  }, [dispatch, go, location.search, attempt]);

  // A code that fails, or none: this page, not the head's drawing of the home page, is what to see.
  useLayoutEffect(() => {
    if (status.kind !== 'loading') takeOverFirstScreen();
  }, [status.kind]);

  useEffect(() => {
    if (!target) return;
    if (signInSettled || waitedEnough || !mayLeave) {
      go(target, { replace: true });
      return;
    }
    const timer = setTimeout(() => setWaitedEnough(true), SIGN_IN_WAIT_MS);
    return () => clearTimeout(timer);
  }, [target, signInSettled, waitedEnough, mayLeave, go]);

  if (status.kind === 'loading') {
    return (
      <section className="entry" role="status" aria-live="polite">
        <span className="spinner" aria-hidden="true" />
        <FormattedMessage {...messages.opening} />
      </section>
    );
  }
  const code = codeToResolve(readEntryParams(location.search, window.location.search))?.value ?? '';
  return (
    <Suspense fallback={null}>
      <EntryProblem
        problem={status.kind === 'noCode' ? 'noCode' : status.message === null ? 'unreachable' : 'refused'}
        message={status.kind === 'failed' ? status.message : null}
        failedCode={code}
        onRetry={() => setAttempt((n) => n + 1)}
      />
    </Suspense>
  );
}
