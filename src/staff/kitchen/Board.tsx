/**
 * The outlet's orders under way as cards in columns by state (new,
 * preparing, ready, out for delivery), oldest at the top, newest at the
 * bottom. Each round of ordering is a card of its own (a pickup or delivery
 * order has one; a table adds one per round), in the column of its own
 * kitchen state: a round added after the others were served is new. Each
 * card: table, pickup time or delivery address, the round's lines with their
 * specs, add-ons and remarks (in the screen's language) and the round's
 * remark, and its age. A new order or round plays a sound and is highlighted.
 * One tap moves a round forward (the staff API allows forward only); a
 * table's sheet can be closed as paid at the counter, or forced closed unpaid,
 * and a payment in progress cancelled (both confirmed; the payment provider is
 * asked first). The board follows the
 * outlet's live events and reads the orders again on each.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { defineMessages } from '../../ui-kit/defineMessages';
import { CLOCK } from '../../ui-kit/format';
import { StaffError, type StaffApi, type StaffRound, type StaffSheet } from '../api';
import { kitchenState, specWords } from '../../shared/domain/rounds';
import { detailWords, kitchenColumn, nextProgress, type KitchenColumn, type Progress } from '../../shared/domain/orderStates';
import { playNewOrderCue } from './sound';
import type { StaffLocale } from '../i18n/locale';
import { openStaffStream } from '../stream';
import { FixButton } from '../fixOrder/FixButton';

/** How long a new order stays highlighted. */
export const FRESH_MS = 20_000;

const m = defineMessages({
  colNew: { id: 'staff.col.new', defaultMessage: 'New' },
  colPreparing: { id: 'staff.col.preparing', defaultMessage: 'Preparing' },
  colReady: { id: 'staff.col.ready', defaultMessage: 'Ready' },
  colDelivering: { id: 'staff.col.delivering', defaultMessage: 'Out for delivery' },
  empty: { id: 'staff.col.empty', defaultMessage: 'Nothing here' },
  count: { id: 'staff.col.count', defaultMessage: '{count, plural, one {# order} other {# orders}}' },
  loading: { id: 'staff.loading', defaultMessage: 'Loading the orders…' },
  failed: { id: 'staff.failed', defaultMessage: 'The orders could not be loaded.' },
  retry: { id: 'staff.retry', defaultMessage: 'Try again' },
  live: { id: 'staff.live', defaultMessage: 'Live' },
  reconnecting: { id: 'staff.reconnecting', defaultMessage: 'Reconnecting…' },
  card: { id: 'staff.card', defaultMessage: 'Order {number}, {where}' },
  cardRound: { id: 'staff.cardRound', defaultMessage: 'Order {number}, {where}, round {round}' },
  table: { id: 'staff.table', defaultMessage: 'Table {table}' },
  pickup: { id: 'staff.pickup', defaultMessage: 'Pickup {time}' },
  pickupAsap: { id: 'staff.pickupAsap', defaultMessage: 'Pickup, as soon as possible' },
  delivery: { id: 'staff.delivery', defaultMessage: 'Delivery {time}' },
  deliveryAsap: { id: 'staff.deliveryAsap', defaultMessage: 'Delivery, as soon as possible' },
  dineIn: { id: 'staff.dineIn', defaultMessage: 'Dine in' },
  fresh: { id: 'staff.fresh', defaultMessage: 'New' },
  age: { id: 'staff.age', defaultMessage: '{minutes, plural, =0 {just now} one {# min ago} other {# min ago}}' },
  round: { id: 'staff.round', defaultMessage: 'Round {round}' },
  remark: { id: 'staff.remark', defaultMessage: 'Remark: {remark}' },
  payLater: { id: 'staff.payLater', defaultMessage: 'To pay on delivery or at the counter' },
  unpaidTable: { id: 'staff.unpaidTable', defaultMessage: 'Not paid yet' },
  toPreparing: { id: 'staff.to.preparing', defaultMessage: 'Start preparing' },
  toReady: { id: 'staff.to.ready', defaultMessage: 'Mark ready' },
  toDelivering: { id: 'staff.to.delivering', defaultMessage: 'Out for delivery' },
  toPickedUp: { id: 'staff.to.pickedUp', defaultMessage: 'Picked up' },
  toServed: { id: 'staff.to.served', defaultMessage: 'Served' },
  toDelivered: { id: 'staff.to.delivered', defaultMessage: 'Delivered' },
  closePaid: { id: 'staff.closePaid', defaultMessage: 'Paid at the counter: close' },
  confirmClose: { id: 'staff.confirmClose', defaultMessage: 'Close table {table} as paid at the counter?' },
  paying: { id: 'staff.paying', defaultMessage: 'Payment in progress' },
  cancelPayment: { id: 'staff.cancelPayment', defaultMessage: 'Cancel payment' },
  confirmCancelPayment: {
    id: 'staff.confirmCancelPayment',
    defaultMessage: 'Cancel the payment in progress at table {table}? The payment provider is asked first: a payment already made is kept.',
  },
  forceClose: { id: 'staff.forceClose', defaultMessage: 'Force close' },
  confirmForceClose: {
    id: 'staff.confirmForceClose',
    defaultMessage: 'Close table {table} without payment? A payment in progress is cancelled first (one already made is kept).',
  },
  moved: { id: 'staff.moved', defaultMessage: 'This order has already moved on; the board was refreshed.' },
  actionFailed: { id: 'staff.actionFailed', defaultMessage: 'That did not work: {reason}' },
});

type Column = KitchenColumn;
const COLUMNS: { id: Column; title: MessageDescriptor }[] = [
  { id: 'new', title: m.colNew },
  { id: 'preparing', title: m.colPreparing },
  { id: 'ready', title: m.colReady },
  { id: 'delivering', title: m.colDelivering },
];

/** A card: one round of a sheet. */
export interface RoundCard {
  key: string;
  sheet: StaffSheet;
  round: StaffRound;
}

/** A sheet's rounds; from a service that sends none, the sheet as one round. */
export function roundsOf(s: StaffSheet): StaffRound[] {
  if (s.rounds && s.rounds.length > 0) return s.rounds;
  return [{ roundNo: 1, progress: s.progress, kitchenState: kitchenState(s.progress), remark: s.remark, createdAt: s.createdAt, movedAt: '', items: s.items }];
}

/** The column a round's card belongs in, or null when it is not the kitchen's (shared/domain/orderStates.ts kitchenColumn). */
export function columnOf(s: StaffSheet, round: StaffRound = roundsOf(s)[0]!): Column | null {
  return kitchenColumn(s, round, roundsOf(s));
}

/** The cards of the sheets: one per round in view. */
export function cardsOf(sheets: readonly StaffSheet[]): (RoundCard & { column: Column })[] {
  return sheets.flatMap((sheet) =>
    roundsOf(sheet).flatMap((round) => {
      const column = columnOf(sheet, round);
      return column ? [{ key: `${sheet.sheetId}:${round.roundNo}`, sheet, round, column }] : [];
    }),
  );
}

/** The next step of a round (shared/domain/orderStates.ts nextProgress) and its button's words. */
function nextStep(s: StaffSheet, progress: string): { progress: Progress; label: MessageDescriptor } | null {
  const next = nextProgress(progress, s.takeType);
  if (next === 'completed') return { progress: next, label: progress === 'delivering' ? m.toDelivered : s.takeType === 'pickup' ? m.toPickedUp : m.toServed };
  const labels: Partial<Record<Progress, MessageDescriptor>> = { preparing: m.toPreparing, ready: m.toReady, delivering: m.toDelivering };
  return next ? { progress: next, label: labels[next]! } : null;
}

export function Board({
  api,
  token,
  baseId,
  onSignedOut,
}: {
  api: StaffApi;
  token: string;
  baseId: string;
  locale: StaffLocale;
  onSignedOut: () => void;
}) {
  const intl = useIntl();
  const [sheets, setSheets] = useState<StaffSheet[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [live, setLive] = useState(false);
  const [notice, setNotice] = useState('');
  const [fresh, setFresh] = useState<Record<string, number>>({});
  const [now, setNow] = useState(() => Date.now());
  const shown = useRef<Set<string> | null>(null);
  const loading = useRef<{ running: boolean; again: boolean }>({ running: false, again: false });

  const markFresh = useCallback((ids: string[]) => {
    if (ids.length === 0) return;
    playNewOrderCue();
    const until = Date.now() + FRESH_MS;
    setFresh((f) => ({ ...f, ...Object.fromEntries(ids.map((id) => [id, until])) }));
  }, []);

  const load = useCallback(async () => {
    if (loading.current.running) {
      loading.current.again = true;
      return;
    }
    loading.current.running = true;
    try {
      do {
        loading.current.again = false;
        const list = await api.openSheets(baseId);
        const visible = list.filter((s) => cardsOf([s]).length > 0);
        // Cards (rounds) that came into view since the last read (not on the first): a new order, a new round at a table.
        const keys = new Set(cardsOf(visible).map((c) => c.key));
        const before = shown.current;
        const arrived = before ? [...keys].filter((key) => !before.has(key)) : [];
        shown.current = keys;
        setSheets(visible);
        setFailed(false);
        markFresh(arrived);
      } while (loading.current.again);
    } catch (err) {
      if (err instanceof StaffError && err.status === 401) onSignedOut();
      else setFailed(true);
    } finally {
      loading.current.running = false;
    }
  }, [api, baseId, markFresh, onSignedOut]);

  useEffect(() => {
    void load();
    const stop = openStaffStream(token, baseId, {
      onEvent(e) {
        if (e.kind === 'menu') return;
        void load();
      },
      onOpen() {
        setLive(true);
        void load();
      },
      onReload: () => void load(),
      onDown: () => setLive(false),
    });
    const tick = setInterval(() => setNow(Date.now()), 30_000);
    return () => {
      stop();
      clearInterval(tick);
    };
  }, [baseId, load, token]);

  const act = async (what: () => Promise<unknown>) => {
    setNotice('');
    try {
      await what();
    } catch (err) {
      if (err instanceof StaffError && err.status === 401) return onSignedOut();
      setNotice(err instanceof StaffError && err.status === 409 ? intl.formatMessage(m.moved) : intl.formatMessage(m.actionFailed, { reason: err instanceof Error ? err.message : String(err) }));
    }
    await load();
  };

  if (!sheets) {
    return failed ? (
      <div className="empty">
        <p role="alert">
          <FormattedMessage {...m.failed} />
        </p>
        <button type="button" className="btn" onClick={() => void load()}>
          <FormattedMessage {...m.retry} />
        </button>
      </div>
    ) : (
      <p role="status" className="empty">
        <FormattedMessage {...m.loading} />
      </p>
    );
  }
  const cards = cardsOf(sheets);
  const byColumn = (c: Column) =>
    cards
      .filter((card) => card.column === c)
      .sort(
        (a, b) =>
          (a.round.createdAt || a.sheet.createdAt).localeCompare(b.round.createdAt || b.sheet.createdAt) ||
          a.sheet.sheetId.localeCompare(b.sheet.sheetId) ||
          a.round.roundNo - b.round.roundNo,
      );
  return (
    <>
      <p className={`live-state${live ? ' up' : ''}`} role="status">
        <FormattedMessage {...(live ? m.live : m.reconnecting)} />
      </p>
      {notice && (
        <p role="alert" className="error">
          {notice}
        </p>
      )}
      <div className="board">
        {COLUMNS.map((c) => {
          const list = byColumn(c.id);
          return (
            <section key={c.id} className={`column column-${c.id}`} aria-labelledby={`col-${c.id}`}>
              <h2 id={`col-${c.id}`}>
                <FormattedMessage {...c.title} /> <span className="count">(<FormattedMessage {...m.count} values={{ count: list.length }} />)</span>
              </h2>
              {list.length === 0 ? (
                <p className="muted">
                  <FormattedMessage {...m.empty} />
                </p>
              ) : (
                list.map(({ key, sheet: s, round }) => (
                  <Card
                    key={key}
                    sheet={s}
                    round={round}
                    now={now}
                    fresh={(fresh[key] ?? 0) > now}
                    // The round by number when the service knows rounds; else the sheet (its only round).
                    onForward={(progress) => void act(() => api.progress(s.sheetId, progress, s.rounds?.length ? round.roundNo : undefined))}
                    onClosePaid={() => {
                      if (window.confirm(intl.formatMessage(m.confirmClose, { table: s.tableName || s.sheetId }))) void act(() => api.closePaidAtCounter(s.sheetId));
                    }}
                    onCancelPayment={() => {
                      if (window.confirm(intl.formatMessage(m.confirmCancelPayment, { table: s.tableName || s.sheetId }))) void act(() => api.cancelPayment(s.sheetId));
                    }}
                    onForceClose={() => {
                      if (window.confirm(intl.formatMessage(m.confirmForceClose, { table: s.tableName || s.sheetId }))) void act(() => api.forceClose(s.sheetId));
                    }}
                    fix={<FixButton api={api} sheet={s} onChanged={() => void load()} />}
                  />
                ))
              )}
            </section>
          );
        })}
      </div>
    </>
  );
}

function Card({
  sheet: s,
  round,
  now,
  fresh,
  onForward,
  onClosePaid,
  onCancelPayment,
  onForceClose,
  fix,
}: {
  sheet: StaffSheet;
  round: StaffRound;
  now: number;
  fresh: boolean;
  onForward: (progress: Progress) => void;
  onClosePaid: () => void;
  onCancelPayment: () => void;
  onForceClose: () => void;
  /** Staff fix an order (src/staff/fixOrder): void a line, add items, move the sheet. */
  fix?: ReactNode;
}) {
  const intl = useIntl();
  const time = s.takeTime ? intl.formatTime(new Date(s.takeTime), CLOCK) : '';
  const where = s.tableName
    ? intl.formatMessage(m.table, { table: s.tableName })
    : s.takeType === 'delivery'
      ? time
        ? intl.formatMessage(m.delivery, { time })
        : intl.formatMessage(m.deliveryAsap)
      : s.takeType === 'pickup'
        ? time
          ? intl.formatMessage(m.pickup, { time })
          : intl.formatMessage(m.pickupAsap)
        : intl.formatMessage(m.dineIn);
  const minutes = Math.max(0, Math.floor((now - new Date(round.createdAt || s.createdAt).getTime()) / 60_000));
  const next = nextStep(s, round.progress);
  const tableOpen = s.payMode === 'postpay' && s.status === 0;
  const several = roundsOf(s).length > 1 || round.roundNo > 1;
  const number = s.pickupNo || s.sheetId.slice(-4);
  const label = several ? intl.formatMessage(m.cardRound, { number, where, round: round.roundNo }) : intl.formatMessage(m.card, { number, where });
  return (
    <article className={`card${fresh ? ' fresh' : ''}`} aria-label={label}>
      <header>
        <strong className="where">{where}</strong>
        {fresh && (
          <span className="badge">
            <FormattedMessage {...m.fresh} />
          </span>
        )}
        <span className="age">
          <FormattedMessage {...m.age} values={{ minutes }} />
        </span>
      </header>
      <p className={s.pickupNo ? 'pickup-no' : 'muted small'}>
        {s.pickupNo ? <strong style={{ fontSize: 32 }}>{s.pickupNo}</strong> : `#${s.sheetId}`}
        {s.custName ? ` · ${s.custName}` : ''}
      </p>
      {s.takeType === 'delivery' && s.address && <p className="address">{s.address}</p>}
      <div className="round">
        {several && (
          <h3>
            <FormattedMessage {...m.round} values={{ round: round.roundNo }} />
          </h3>
        )}
        <ul className="lines">
          {round.items.map((i, k) => (
            <li key={k}>
              <span className="qty">{Number(i.qua)}×</span> {i.goodsName}
              {i.skuItems && <span className="spec"> ({specWords(i.skuItems).join(' / ')})</span>}
              {detailWords(i.detail, '+ ').length > 0 && <span className="extras">{detailWords(i.detail, '+ ').join(' · ')}</span>}
            </li>
          ))}
        </ul>
      </div>
      {/* The round's own remark, beside its lines (issue 22 item 4). */}
      {round.remark && (
        <p className="remark">
          <FormattedMessage {...m.remark} values={{ remark: round.remark }} />
        </p>
      )}
      {s.isPayLater && s.payStatus !== 2 && (
        <p className="muted small">
          <FormattedMessage {...m.payLater} />
        </p>
      )}
      {tableOpen && s.payStatus !== 2 && (
        <p className="muted small">
          <FormattedMessage {...(s.payStatus === 1 ? m.paying : m.unpaidTable)} />
        </p>
      )}
      <div className="actions">
        {next && round.progress !== 'completed' && (
          <button type="button" className="btn btn-primary" onClick={() => onForward(next.progress)}>
            <FormattedMessage {...next.label} />
          </button>
        )}
        {tableOpen && (
          <button type="button" className="btn" onClick={onClosePaid}>
            <FormattedMessage {...m.closePaid} />
          </button>
        )}
        {s.payStatus === 1 && (
          <button type="button" className="btn" onClick={onCancelPayment}>
            <FormattedMessage {...m.cancelPayment} />
          </button>
        )}
        {tableOpen && (
          <button type="button" className="btn btn-danger" onClick={onForceClose}>
            <FormattedMessage {...m.forceClose} />
          </button>
        )}
        {fix}
      </div>
    </article>
  );
}
