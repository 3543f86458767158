/**
 * The small "Fix order" button on a ticket (issue 26 section 5): opens the
 * sheet's fix panel (void a line, add items, move to another table), which
 * loads on the first tap as a chunk of its own: the kitchen's first load
 * carries only this button.
 */
import { lazy, Suspense, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { defineMessages } from '../../ui-kit/defineMessages';
import type { StaffApi, StaffSheet } from '../api';

const m = defineMessages({
  fix: { id: 'staff.fix.open', defaultMessage: 'Fix order' },
});

const FixPanel = lazy(() => import(/* webpackChunkName: "fix-order" */ './FixPanel'));

export function FixButton({ api, sheet, onChanged }: { api: StaffApi; sheet: StaffSheet; onChanged: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn" onClick={() => setOpen(true)}>
        <FormattedMessage {...m.fix} />
      </button>
      {open && (
        <Suspense fallback={null}>
          <FixPanel api={api} sheet={sheet} onChanged={onChanged} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
