/**
 * A ticket's lines: each a toggle button (tap: done, tap again: not done),
 * large and high-contrast; a voided line struck through with its reason,
 * never removed (it cannot be tapped).
 */
import { memo } from 'react';
import { FormattedMessage } from 'react-intl';
import { defineMessages } from '../../ui-kit/defineMessages';
import { detailWords } from '../../shared/domain/orderStates';
import { specWords } from '../../shared/domain/rounds';
import type { StaffItem } from '../api';

const m = defineMessages({
  voided: { id: 'staff.kds.voided', defaultMessage: 'Voided' },
  voidedWhy: { id: 'staff.kds.voidedWhy', defaultMessage: 'Voided: {reason}' },
});

function Words({ i }: { i: StaffItem }) {
  const extras = detailWords(i.detail, '+ ');
  return (
    <>
      <span className="qty">{Number(i.qua)}×</span> {i.goodsName}
      {i.skuItems && <span className="spec"> ({specWords(i.skuItems).join(' / ')})</span>}
      {extras.length > 0 && <span className="extras">{extras.join(' · ')}</span>}
    </>
  );
}

export const Lines = memo(function Lines({ items, onDone }: { items: readonly StaffItem[]; onDone?: ((item: StaffItem, done: boolean) => void) | undefined }) {
  return (
    <ul className="lines">
      {items.map((i) => (
        <li key={i.itemId} className={i.voided ? 'voided' : i.doneAt ? 'done' : undefined}>
          {i.voided ? (
            <>
              <del>
                <Words i={i} />
              </del>{' '}
              <span className="void-reason">{i.voidReason ? <FormattedMessage {...m.voidedWhy} values={{ reason: i.voidReason }} /> : <FormattedMessage {...m.voided} />}</span>
            </>
          ) : onDone ? (
            <button type="button" className="line-btn" aria-pressed={Boolean(i.doneAt)} onClick={() => onDone(i, !i.doneAt)}>
              <Words i={i} />
            </button>
          ) : (
            <Words i={i} />
          )}
        </li>
      ))}
    </ul>
  );
});
