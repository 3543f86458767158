/**
 * A pay-after table's live cart as staff see it (issue 28 section 1: a
 * diner's lines are changed by them, by another with their confirmation, or
 * by staff): each line with who added it ("Chan Tai Man", "Guest 2"), its
 * spec, add-ons and amount, and −, + and Remove. −/+ change by one (never
 * losing a diner's change made meanwhile); Remove names the line's version
 * read, so a line changed since is not removed blindly: the service answers
 * it as it is now (409), shown here with the reason. The table's phones see
 * every change at once (the service tells them).
 */
import { useCallback, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { detailWords } from '../../shared/domain/orderStates';
import { specWords } from '../../shared/domain/rounds';
import type { StaffCartLineJson, StaffTableCartJson } from '../../shared/protocol/staffTableCart';
import { defineMessages } from '../../ui-kit/defineMessages';
import { StaffError, type StaffApi } from '../api';
import { DIALOG_STYLE, OVERLAY_STYLE } from '../fixOrder/dialogStyle';
import { TableCartWords } from './words';

const m = defineMessages({
  title: { id: 'staff.tableCart.title', defaultMessage: "Table {table}'s cart" },
  loading: { id: 'staff.tableCart.loading', defaultMessage: 'Loading…' },
  empty: { id: 'staff.tableCart.empty', defaultMessage: "Nothing in the table's cart." },
  by: { id: 'staff.tableCart.by', defaultMessage: 'Added by {name}' },
  guest: { id: 'staff.tableCart.guest', defaultMessage: 'Guest {place}' },
  soldOut: { id: 'staff.tableCart.soldOut', defaultMessage: 'Sold out' },
  less: { id: 'staff.tableCart.less', defaultMessage: 'One less {name}' },
  more: { id: 'staff.tableCart.more', defaultMessage: 'One more {name}' },
  remove: { id: 'staff.tableCart.remove', defaultMessage: 'Remove {name}' },
  removeShort: { id: 'staff.tableCart.removeShort', defaultMessage: 'Remove' },
  total: { id: 'staff.tableCart.total', defaultMessage: 'Total {amount}' },
  failed: { id: 'staff.tableCart.failed', defaultMessage: 'Not changed: {reason}' },
  refresh: { id: 'staff.tableCart.refresh', defaultMessage: 'Refresh' },
  close: { id: 'staff.tableCart.close', defaultMessage: 'Close' },
});

const BUTTON_STYLE = { minWidth: 44, minHeight: 44 } as const;

interface Props {
  api: StaffApi;
  tableId: string;
  tableName: string;
  onClose: () => void;
}

export default function TableCartPanel(props: Props) {
  return (
    <TableCartWords>
      <CartDialog {...props} />
    </TableCartWords>
  );
}

function CartDialog({ api, tableId, tableName, onClose }: Props) {
  const intl = useIntl();
  const [cart, setCart] = useState<StaffTableCartJson | null>(null);
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const title = intl.formatMessage(m.title, { table: tableName });

  const load = useCallback(async () => {
    try {
      setCart(await api.tableCart(tableId));
    } catch (err) {
      setNotice(intl.formatMessage(m.failed, { reason: err instanceof StaffError ? err.message : String(err) }));
    }
  }, [api, intl, tableId]);
  useEffect(() => void load(), [load]);

  const change = async (line: StaffCartLineJson, body: { delta: number } | { qua: number; version: number }) => {
    setBusy(true);
    setNotice('');
    try {
      setCart((await api.setCartLine(tableId, line.lineId, body)).cart);
    } catch (err) {
      if (err instanceof StaffError && err.status === 409 && 'line' in err.details) {
        // Changed by someone else since it was read: the line as it is now, and why nothing changed.
        const fresh = err.details.line as StaffCartLineJson | null;
        setCart((c) => c && { ...c, lines: fresh ? c.lines.map((l) => (l.lineId === fresh.lineId ? fresh : l)) : c.lines.filter((l) => l.lineId !== line.lineId) });
        setNotice(err.message);
      } else {
        setNotice(intl.formatMessage(m.failed, { reason: err instanceof StaffError ? err.message : String(err) }));
        await load();
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div style={OVERLAY_STYLE}>
      <div role="dialog" aria-modal="true" aria-label={title} style={{ ...DIALOG_STYLE, maxHeight: 'calc(100vh - 32px)', overflowY: 'auto' }}>
        <h2>{title}</h2>
        {notice && <p role="alert">{notice}</p>}
        {!cart ? (
          <p role="status">
            <FormattedMessage {...m.loading} />
          </p>
        ) : cart.lines.length === 0 ? (
          <p role="status">
            <FormattedMessage {...m.empty} />
          </p>
        ) : (
          <>
            <ul className="lines" style={{ listStyle: 'none', padding: 0 }}>
              {cart.lines.map((l) => (
                <CartLine key={l.lineId} line={l} busy={busy} onChange={(body) => void change(l, body)} />
              ))}
            </ul>
            <p>
              <strong>
                <FormattedMessage {...m.total} values={{ amount: Number(cart.totalAmo).toFixed(2) }} />
              </strong>
            </p>
          </>
        )}
        <div className="actions">
          <button type="button" className="btn" onClick={() => void load()}>
            <FormattedMessage {...m.refresh} />
          </button>
          <button type="button" className="btn" onClick={onClose}>
            <FormattedMessage {...m.close} />
          </button>
        </div>
      </div>
    </div>
  );
}

function CartLine({ line: l, busy, onChange }: { line: StaffCartLineJson; busy: boolean; onChange: (body: { delta: number } | { qua: number; version: number }) => void }) {
  const intl = useIntl();
  const name = l.goodsName;
  const spec = l.skuItems ? ` (${specWords(l.skuItems).join(' / ')})` : '';
  const extras = detailWords(l.detail, '+ ');
  const by = l.byName || intl.formatMessage(m.guest, { place: l.byPlace });
  return (
    <li style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '8px 0', borderBottom: '1px solid #eee' }}>
      <div style={{ flex: 1 }}>
        <div>
          <strong>
            {l.qua}× {name}
            {spec}
          </strong>{' '}
          {l.soldOut ? (
            <span className="muted">
              <FormattedMessage {...m.soldOut} />
            </span>
          ) : (
            Number(l.amo).toFixed(2)
          )}
        </div>
        {extras.length > 0 && <div className="muted small">{extras.join(' · ')}</div>}
        <div className="muted small">
          <FormattedMessage {...m.by} values={{ name: by }} />
        </div>
      </div>
      <button type="button" className="btn" style={BUTTON_STYLE} disabled={busy} aria-label={intl.formatMessage(m.less, { name })} onClick={() => onChange({ delta: -1 })}>
        −
      </button>
      <button type="button" className="btn" style={BUTTON_STYLE} disabled={busy} aria-label={intl.formatMessage(m.more, { name })} onClick={() => onChange({ delta: 1 })}>
        +
      </button>
      <button
        type="button"
        className="btn btn-danger"
        style={BUTTON_STYLE}
        disabled={busy}
        aria-label={intl.formatMessage(m.remove, { name })}
        onClick={() => onChange({ qua: 0, version: l.version })}
      >
        <FormattedMessage {...m.removeShort} />
      </button>
    </li>
  );
}
