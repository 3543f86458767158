/**
 * Issue 28: at a pay-after table, the table's live cart and its calls to
 * staff (features/table, a chunk of its own, never the first screen's): on
 * the menu its sync and the "Call staff" / "Ask for the bill" buttons; on the
 * pay-after cart page, the table's live cart instead of the phone's.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { payAfterTableOf } from '../features/cart';
import { loadLaterMessages } from '../i18n/laterMessages';
import { useAppSelector } from './hooks';

// With the later part of the locale (i18n/messageParts.ts), as a later page's loader (routes.ts).
const load = () => Promise.all([import(/* webpackChunkName: "table" */ '../features/table'), loadLaterMessages()]).then(([m]) => m);
const TableTogether = lazy(() => load().then((m) => ({ default: m.TableTogether })));
const TableCartPage = lazy(() => load().then((m) => ({ default: m.TableCartPage })));

/** What the route shows at a pay-after table, or `page` elsewhere. */
export function TableSlot({ route, page }: { route: string; page: ReactNode }) {
  const tableId = useAppSelector(payAfterTableOf);
  if (!tableId || (route !== 'goodsList' && route !== 'postpayCart')) return <>{page}</>;
  if (route === 'postpayCart') {
    return (
      <Suspense fallback={null}>
        <TableCartPage tableId={tableId} />
      </Suspense>
    );
  }
  return (
    <>
      {page}
      <Suspense fallback={null}>
        <TableTogether tableId={tableId} />
      </Suspense>
    </>
  );
}
