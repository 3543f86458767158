/**
 * Pull to refresh (SPEC section 2: orderDetails, couponsList, vipBalance):
 * at the top of the page, pulling down past a threshold and letting go
 * refreshes. A 'Refresh' button does the same for those who do not pull.
 */
import { useRef, useState, type ReactNode, type TouchEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { defineMessages } from '../i18n/defineMessages';

const messages = defineMessages({
  pull: { id: 'refresh.pull', defaultMessage: 'Pull down to refresh' },
  release: { id: 'refresh.release', defaultMessage: 'Release to refresh' },
  refresh: { id: 'refresh.button', defaultMessage: 'Refresh' },
  refreshing: { id: 'refresh.refreshing', defaultMessage: 'Refreshing…' },
});

export const PULL_THRESHOLD_PX = 64;
const MAX_PULL_PX = 120;

export function PullToRefresh({ onRefresh, children }: { onRefresh: () => void; children: ReactNode }) {
  const startY = useRef<number | null>(null);
  const [pull, setPull] = useState(0);

  const handleStart = (e: TouchEvent) => {
    startY.current = window.scrollY <= 0 && e.touches.length === 1 ? e.touches[0]!.clientY : null;
  };
  const handleMove = (e: TouchEvent) => {
    if (startY.current === null) return;
    const dy = e.touches[0]!.clientY - startY.current;
    setPull(dy > 0 ? Math.min(dy, MAX_PULL_PX) : 0);
  };
  const handleEnd = () => {
    if (startY.current !== null && pull >= PULL_THRESHOLD_PX) onRefresh();
    startY.current = null;
    setPull(0);
  };

  return (
    <div className="pull-to-refresh" onTouchStart={handleStart} onTouchMove={handleMove} onTouchEnd={handleEnd} onTouchCancel={handleEnd}>
      <div className="pull-indicator" style={{ height: pull / 2 }} aria-hidden="true">
        {pull > 0 && <FormattedMessage {...(pull >= PULL_THRESHOLD_PX ? messages.release : messages.pull)} />}
      </div>
      {children}
    </div>
  );
}

export function RefreshButton({ onRefresh, refreshing }: { onRefresh: () => void; refreshing: boolean }) {
  return (
    <button type="button" className="btn btn-small" onClick={onRefresh} disabled={refreshing} aria-busy={refreshing || undefined}>
      <FormattedMessage {...(refreshing ? messages.refreshing : messages.refresh)} />
    </button>
  );
}
