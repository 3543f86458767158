/**
 * The menu's way into the allergen and diet filter (issue 29 section 2): a
 * button atop the category rail saying whether a filter is on and how many
 * dishes it hides; the filter's sheet (with the legend) loads when first
 * opened, never with the menu.
 */
import { lazy, Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import type { DietFilter } from '../../../shared/domain/diet';
import { dietMessages } from './dietMessages';

const DietSheet = lazy(() => import(/* webpackChunkName: "menu-sheets" */ './DietSheet'));

export function DietBar({ filter, hidden }: { filter: DietFilter; hidden: number }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const on = filter.avoid.length + filter.diets.length;
  return (
    <div className="diet-bar" style={{ position: 'sticky', top: 0, zIndex: 1, background: 'var(--bg)', padding: '4px 2px' }}>
      <button
        type="button"
        className="rail-item"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        style={{ fontWeight: on ? 600 : undefined, width: '100%' }}
      >
        {on ? intl.formatMessage(dietMessages.buttonOn, { count: on }) : intl.formatMessage(dietMessages.button)}
      </button>
      {hidden > 0 && (
        <p role="status" style={{ margin: '2px 4px', fontSize: 12, color: 'var(--muted)' }}>
          {intl.formatMessage(dietMessages.hidden, { count: hidden })}
        </p>
      )}
      {open && (
        <Suspense fallback={null}>
          <DietSheet onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
