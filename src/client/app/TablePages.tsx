/**
 * Issue 28: the menu and the pay-after cart page at a pay-after table, where
 * the cart is the table's (features/table, a chunk of its own, never the
 * first screen's). Loaded as those routes' pages (routes.ts): on the menu the
 * table's cart kept mirrored and the "Call staff" / "Ask for the bill"
 * buttons; on the cart page the table's live cart instead of the phone's.
 */
import { lazy, Suspense } from 'react';
import { payAfterTableOf } from '../features/cart';
// These two are route pages, as routes.ts loads them (this module is their route chunk, never the entry's).
// eslint-disable-next-line no-restricted-imports
import PostpayCartPage from '../features/cart/PostpayCartPage';
// eslint-disable-next-line no-restricted-imports
import GoodsListPage from '../features/menu/GoodsListPage';
import { useAppSelector } from './hooks';

const load = () => import('../features/table');
const TableTogether = lazy(() => load().then((m) => ({ default: m.TableTogether })));
const TableCartPage = lazy(() => load().then((m) => ({ default: m.TableCartPage })));

export function MenuPage() {
  const tableId = useAppSelector(payAfterTableOf);
  // The calls above the menu (the page's body is a column: public/index.html).
  return (
    <>
      {tableId && (
        <Suspense fallback={null}>
          <TableTogether tableId={tableId} />
        </Suspense>
      )}
      <GoodsListPage />
    </>
  );
}

export function CartPage() {
  const tableId = useAppSelector(payAfterTableOf);
  if (!tableId) return <PostpayCartPage />;
  return (
    <Suspense fallback={null}>
      <TableCartPage tableId={tableId} />
    </Suspense>
  );
}
