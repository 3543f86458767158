/**
 * Keeps what a page shows up to date as it happens: listens to the session's
 * own orders (or, with a SheetID, that sheet's stream, shared by everyone at
 * a table), has the changed data read again (RTK Query tags), and shows a
 * short note that screen readers announce ("Your order is ready").
 * Rendered by the pages that show orders or the menu, which load on demand:
 * none of this is in the first screen's JavaScript.
 */
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { api } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { defineMessages } from '../../i18n/defineMessages';
import { subscribeLive, type LiveEvent } from './connection';

/** How long a note stays on screen. */
export const NOTE_MS = 8_000;

const notes = defineMessages({
  preparing: { id: 'live.preparing', defaultMessage: 'Your order is being prepared' },
  ready: { id: 'live.ready', defaultMessage: 'Your order is ready' },
  delivering: { id: 'live.delivering', defaultMessage: 'Your order is on its way' },
  completed: { id: 'live.completed', defaultMessage: 'Your order is complete' },
  pickedUp: { id: 'live.pickedUp', defaultMessage: 'Your order has been picked up' },
  paid: { id: 'live.paid', defaultMessage: 'Payment received' },
  cancelled: { id: 'live.cancelled', defaultMessage: 'The order was cancelled' },
  checkedOut: { id: 'live.checkedOut', defaultMessage: "The table's bill is settled" },
  closed: { id: 'live.closed', defaultMessage: "The table's sheet was closed" },
  settling: { id: 'live.settling', defaultMessage: 'Someone at the table is settling the bill' },
  round: { id: 'live.round', defaultMessage: '{who} added round {round}' },
  soldOut: { id: 'live.soldOut', defaultMessage: 'The menu was updated: something sold out' },
  staffChanged: { id: 'live.staffChanged', defaultMessage: 'Our staff updated this order' },
});

export const authorMessages = defineMessages({
  guest: { id: 'live.guest', defaultMessage: 'Guest {place}' },
});

/** A round's author as the table sees them: the member's name, or "Guest 2" (their place at the table, as on the table cart's lines). */
export function authorName(intl: IntlShape, author: { byName: string; byPlace: number }): string {
  return author.byName || intl.formatMessage(authorMessages.guest, { place: author.byPlace });
}

/** The note for an event, or null when there is nothing to say (the customer's own action). */
export function noteFor(intl: IntlShape, e: LiveEvent): string | null {
  // Destructured, so that the kind narrows the data (shared/protocol/live.ts: a sheet's state, or a sold-out mark).
  const { kind, data: d } = e;
  switch (kind) {
    case 'progress':
      if (d.progress === 'preparing') return intl.formatMessage(notes.preparing);
      if (d.progress === 'ready') return intl.formatMessage(notes.ready);
      if (d.progress === 'delivering') return intl.formatMessage(notes.delivering);
      if (d.progress === 'completed') return intl.formatMessage(d.takeType === 'pickup' ? notes.pickedUp : notes.completed);
      return null;
    case 'paid':
      return intl.formatMessage(d.status === 3 ? notes.checkedOut : notes.paid);
    case 'closed':
      return intl.formatMessage(d.status === 3 ? notes.checkedOut : notes.closed);
    case 'cancelled':
      return intl.formatMessage(notes.cancelled);
    case 'settling':
      return intl.formatMessage(notes.settling);
    case 'round':
      if (!d.round || d.round.mine) return null;
      return intl.formatMessage(notes.round, { who: authorName(intl, d.round), round: d.round.no });
    case 'voided':
    case 'linesAdded':
    case 'tableMoved':
      return intl.formatMessage(notes.staffChanged);
    case 'menu':
      return d.soldOut && !d.changed ? intl.formatMessage(notes.soldOut) : null;
    default:
      return null;
  }
}

const NOTE_STYLE: CSSProperties = {
  position: 'fixed',
  top: 56,
  left: 12,
  right: 12,
  zIndex: 40,
  margin: 0,
  padding: '10px 14px',
  borderRadius: 8,
  background: '#fff8e1',
  boxShadow: '0 2px 8px rgba(0,0,0,.15)',
  fontWeight: 600,
  textAlign: 'center',
  // A note over the page must not take the taps meant for what is under it.
  pointerEvents: 'none',
};

export function LiveUpdates({ SheetID }: { SheetID?: string }) {
  const dispatch = useAppDispatch();
  const intl = useIntl();
  const [note, setNote] = useState('');
  const hide = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const intlRef = useRef(intl);
  intlRef.current = intl;

  useEffect(() => {
    const path = SheetID ? `/events/sheets/${encodeURIComponent(SheetID)}` : '/events/orders';
    const stop = subscribeLive(path, {
      onEvent(e) {
        // A back-office change (data.changed) reaches the menu's lists too, not only the sold-out marks.
        if (e.kind === 'menu') dispatch(api.util.invalidateTags(e.data.changed ? ['SoldOut', 'Goods'] : ['SoldOut']));
        else dispatch(api.util.invalidateTags([{ type: 'Sheet', id: e.sheetId }, 'Orders']));
        const text = noteFor(intlRef.current, e);
        if (text) {
          setNote(text);
          clearTimeout(hide.current);
          hide.current = setTimeout(() => setNote(''), NOTE_MS);
        }
      },
      catchUp() {
        dispatch(api.util.invalidateTags(['Orders', 'Sheet', 'SoldOut']));
      },
    });
    return () => {
      stop();
      clearTimeout(hide.current);
    };
  }, [SheetID, dispatch]);

  // The region is always there (screen readers announce changes to a region they already know).
  return (
    <p aria-live="polite" aria-atomic="true" className="live-note" style={note ? NOTE_STYLE : { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
      {note}
    </p>
  );
}
