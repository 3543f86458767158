/**
 * "Table A07's cart" (issue 28 section 1): opens the table's live cart for
 * staff (TableCartPanel, a chunk of its own, loaded on the first tap). Shown
 * where staff meet a table: its calls (src/staff/calls) and its open sheet's
 * fix panel (src/staff/fixOrder). The service holds the roles (the kitchen's
 * is refused, and the panel says so); the calls banner, which knows the
 * signed-in role, does not show the button to the kitchen's.
 */
import { lazy, Suspense, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { StaffRole } from '../../shared/protocol/staffAccounts';
import { defineMessages } from '../../ui-kit/defineMessages';
import type { StaffApi } from '../api';
import { TableCartWords } from './words';

const m = defineMessages({
  open: { id: 'staff.tableCart.open', defaultMessage: "Table {table}'s cart" },
});

const TableCartPanel = lazy(() => import(/* webpackChunkName: "table-cart" */ './TableCartPanel'));

/** The roles that serve tables (the service's STAFF_ROUTE_ACCESS for the cart's routes); undefined: the automation key. */
export function servesTables(role: StaffRole | undefined): boolean {
  return role !== 'kitchen';
}

export function TableCartButton({ api, tableId, tableName }: { api: StaffApi; tableId: string; tableName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <TableCartWords>
      <button type="button" className="btn" onClick={() => setOpen(true)}>
        <FormattedMessage {...m.open} values={{ table: tableName }} />
      </button>
      {open && (
        <Suspense fallback={null}>
          <TableCartPanel api={api} tableId={tableId} tableName={tableName} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </TableCartWords>
  );
}
