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
 * outlet's live events: each carries its sheet as the list has it, put on
 * screen as it comes (an older service's events: the named sheets read again).
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { StaffError, type StaffApi, type StaffRound, type StaffSheet } from '../api';
import { kitchenState } from '../../shared/domain/rounds';
import { kitchenColumn, type KitchenColumn } from '../../shared/domain/orderStates';
import type { StaffAnswer } from '../../shared/protocol/staff';
import { playNewOrderCue, playVoidCue } from './sound';
import { AllDay, StationBoard } from './StationBoard';
import { EXPO, savedView, saveView, voidedKeys } from './stations';
import { syncClock } from './ticker';
import type { StaffLocale } from '../i18n/locale';
import { openStaffStream } from '../stream';

/** How long a new order stays highlighted. */
export const FRESH_MS = 20_000;

import { m } from './boardMessages';
import { Card, type CardActions } from './Card';
import { useNearTickets, useNearView } from './nearView';
import { ticketLabel } from './ticketWords';

/**
 * The cards of a column drawn in full at once (a 1024x768 tablet shows one to three of them: a card is 300 to
 * 450 px tall in the kitchen's large type, and the screens' buttons take one row); every other card is on the
 * board as its stand-in and drawn in full when it comes within half a screen of view (nearView.ts).
 */
const FIRST = 3;

/** The colour thresholds' form, opened now and then by a manager: not part of the kitchen's first load. */
const ThresholdsForm = lazy(() => import(/* webpackChunkName: "kitchen-setup" */ './ThresholdsForm').then((m) => ({ default: m.ThresholdsForm })));

/** No stations or thresholds (yet): one empty list, the same each render (the memoized cards compare it). */
const NONE: never[] = [];

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
  return [{ roundNo: 1, progress: s.progress, kitchenState: kitchenState(s.progress), remark: s.remark, createdAt: s.createdAt, movedAt: '', withdrawn: false, receivedAt: s.createdAt, bumped: [], items: s.items }];
}

/** The column a round's card belongs in, or null when it is not the kitchen's (shared/domain/orderStates.ts kitchenColumn); withdrawn rounds do not hold the others back. */
export function columnOf(s: StaffSheet, round: StaffRound = roundsOf(s)[0]!): Column | null {
  const live = roundsOf(s).filter((r) => !r.withdrawn);
  if (round.withdrawn) return round.progress !== 'completed' && kitchenColumn(s, { roundNo: round.roundNo, progress: 'placed' }, live.length ? live : [round]) ? 'new' : null;
  return kitchenColumn(s, round, live);
}

/** Each sheet's cards, once per sheet object (a read keeps the objects of the sheets that did not change). */
const cardsBySheet = new WeakMap<StaffSheet, (RoundCard & { column: Column })[]>();

/** The cards of the sheets: one per round in view. */
export function cardsOf(sheets: readonly StaffSheet[]): (RoundCard & { column: Column })[] {
  return sheets.flatMap((sheet) => {
    let cards = cardsBySheet.get(sheet);
    if (!cards) {
      cards = roundsOf(sheet).flatMap((round) => {
        const column = columnOf(sheet, round);
        return column ? [{ key: `${sheet.sheetId}:${round.roundNo}`, sheet, round, column }] : [];
      });
      cardsBySheet.set(sheet, cards);
    }
    return cards;
  });
}


const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function Board({
  api,
  token,
  baseId,
  locale,
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
  const [view, setView] = useState(() => savedView(baseId));
  const [setup, setSetup] = useState<StaffAnswer<'GET /staff/kitchen'> | null>(null);
  const viewRef = useRef(view);
  viewRef.current = view;
  const shown = useRef<Set<string> | null>(null);
  const current = useRef<StaffSheet[]>([]);
  const voided = useRef<Set<string> | null>(null);
  const loading = useRef<{ running: boolean; again: boolean }>({ running: false, again: false });

  const markFresh = useCallback((ids: string[]) => {
    if (ids.length === 0) return;
    playNewOrderCue();
    const until = Date.now() + FRESH_MS;
    setFresh((f) => ({ ...f, ...Object.fromEntries(ids.map((id) => [id, until])) }));
  }, []);

  /** Puts the orders on screen: the cards (rounds) that came into view since the last read are new (not on the first). */
  const show = useCallback(
    (read: StaffSheet[]) => {
      // A sheet read again as it was keeps its object: its cards (memoized) are not rendered again.
      const before = new Map(current.current.map((x) => [x.sheetId, x]));
      const visible = read.map((x) => {
        const was = before.get(x.sheetId);
        return was && was !== x && JSON.stringify(was) === JSON.stringify(x) ? was : x;
      });
      const keys = new Set(cardsOf(visible).map((c) => c.key));
      const onScreen = shown.current;
      const arrived = onScreen ? [...keys].filter((key) => !onScreen.has(key)) : [];
      shown.current = keys;
      current.current = visible;
      setSheets(visible);
      markFresh(arrived);
      // A line voided or a round withdrawn while on screen: struck through, with a sound.
      const struck = voidedKeys(visible);
      const had = voided.current;
      voided.current = struck;
      if (had && [...struck].some((k) => !had.has(k))) playVoidCue();
    },
    [markFresh],
  );

  const load = useCallback(async () => {
    if (loading.current.running) {
      loading.current.again = true;
      return;
    }
    loading.current.running = true;
    try {
      do {
        loading.current.again = false;
        const station = viewRef.current;
        const [list, kitchen] = await Promise.all([
          api.openSheets(baseId),
          // The stations, thresholds and the service's clock (an older service without them: the board as before).
          api.kitchen(baseId, station === EXPO ? undefined : station).catch((err: unknown) => {
            if (err instanceof StaffError && err.status === 401) throw err;
            return null;
          }),
        ]);
        if (kitchen) {
          syncClock(kitchen.now);
          setSetup(kitchen);
        }
        show(list.filter((s) => cardsOf([s]).length > 0));
        setFailed(false);
      } while (loading.current.again);
    } catch (err) {
      if (err instanceof StaffError && err.status === 401) onSignedOut();
      else setFailed(true);
    } finally {
      loading.current.running = false;
    }
  }, [api, baseId, show, onSignedOut]);

  /**
   * A live event names its sheet: only the named sheets are read again (20 screens through a lunch: not the
   * whole list each time), one read at a time per screen, the names that came meanwhile read together next.
   */
  const pending = useRef<{ ids: Set<string>; running: boolean }>({ ids: new Set(), running: false });
  const refreshOne = useCallback(
    async (sheetId: string) => {
      if (!shown.current) return void load();
      pending.current.ids.add(sheetId);
      if (pending.current.running) return;
      pending.current.running = true;
      try {
        while (pending.current.ids.size > 0) {
          const ids = [...pending.current.ids].slice(0, 100);
          for (const id of ids) pending.current.ids.delete(id);
          const got = await api.sheetsById(baseId, ids);
          if (loading.current.running) {
            // A whole read is under way: it reads them again after.
            void load();
            continue;
          }
          const named = new Set(ids);
          const rest = current.current.filter((x) => !named.has(x.sheetId));
          show([...rest, ...got.filter((s) => (s.status === 0 || s.status === 1) && cardsOf([s]).length > 0)]);
        }
      } catch (err) {
        if (err instanceof StaffError && err.status === 401) onSignedOut();
        else void load();
      } finally {
        pending.current.running = false;
      }
    },
    [api, baseId, load, onSignedOut, show],
  );

  /** A sheet the stream pushed (its event's `sheet`): put on screen as it is, nothing read. */
  const applyPushed = useCallback(
    (sheetId: string, sheet: StaffSheet | null) => {
      // Not on screen yet, or a whole read under way: that read brings it (again after, if it was running).
      if (!shown.current || loading.current.running) return void load();
      const rest = current.current.filter((x) => x.sheetId !== sheetId);
      show(sheet && (sheet.status === 0 || sheet.status === 1) && cardsOf([sheet]).length > 0 ? [...rest, sheet] : rest);
    },
    [load, show],
  );

  useEffect(() => {
    // The first read once the stream is open (events from then on are not missed), or after 2 s without it:
    // one read of the outlet's orders at start, not one now and another when the stream opens.
    let first = true;
    const firstRead = () => {
      if (!first) return;
      first = false;
      clearTimeout(noStream);
      void load();
    };
    const noStream = setTimeout(firstRead, 2_000);
    const stop = openStaffStream(token, baseId, {
      onEvent(e) {
        if (e.kind === 'menu') return;
        if (e.sheetId && e.sheet !== undefined) applyPushed(e.sheetId, e.sheet);
        else if (e.sheetId) void refreshOne(e.sheetId);
        else void load();
      },
      onOpen() {
        setLive(true);
        if (first) firstRead();
        else void load();
      },
      onReload: () => void load(),
      onDown: () => {
        setLive(false);
        firstRead();
      },
    }, locale);
    const tick = setInterval(() => setNow(Date.now()), 30_000);
    return () => {
      clearTimeout(noStream);
      stop();
      clearInterval(tick);
    };
  }, [baseId, load, refreshOne, applyPushed, token, locale]);

  const choose = (next: string) => {
    saveView(baseId, next);
    setView(next);
  };
  // Another station chosen: its tickets and its bumped list (not on the first render: the stream's effect reads then).
  const firstView = useRef(true);
  useEffect(() => {
    if (firstView.current) firstView.current = false;
    else void load();
  }, [view, load]);

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
  // The cards' and tickets' buttons: one stable object reading the latest render's act, so cards stay memoized.
  const latest = useRef({ act, intl, station: view });
  latest.current = { act, intl, station: view };
  const actions = useMemo<CardActions>(() => {
    const run = (what: () => Promise<unknown>) => void latest.current.act(what);
    const confirmed = (message: MessageDescriptor, s: StaffSheet) => window.confirm(latest.current.intl.formatMessage(message, { table: s.tableName || s.sheetId }));
    return {
      api,
      // The round by number when the service knows rounds; else the sheet (its only round).
      forward: (s, round, progress) => run(() => api.progress(s.sheetId, progress, s.rounds?.length ? round.roundNo : undefined)),
      closePaid: (s) => confirmed(m.confirmClose, s) && run(() => api.closePaidAtCounter(s.sheetId)),
      cancelPayment: (s) => confirmed(m.confirmCancelPayment, s) && run(() => api.cancelPayment(s.sheetId)),
      forceClose: (s) => confirmed(m.confirmForceClose, s) && run(() => api.forceClose(s.sheetId)),
      done: (sheetId, item, done) => run(() => api.itemDone(sheetId, item.itemId, done)),
      changed: () => void load(),
    };
  }, [api, load]);
  const onBump = useCallback((sheetId: string, round: number) => void latest.current.act(() => api.bump(sheetId, round, latest.current.station)), [api]);
  const onRecall = useCallback((sheetId: string, round: number) => void latest.current.act(() => api.recall(sheetId, round, latest.current.station)), [api]);
  const cards = useMemo(() => (sheets ? cardsOf(sheets) : []), [sheets]);
  // The stand-ins come near view so far (nearView.ts): drawn in full from then on, moved to another column too.
  const boardRef = useRef<HTMLDivElement>(null);
  const near = useNearTickets(boardRef);
  // Each column's cards, oldest first: sorted when the sheets change, not on every render (a tick, a notice).
  const columns = useMemo(() => {
    // Times and ids compared as strings, code unit by code unit (the service's times are ISO-like, one format).
    const sorted = [...cards].sort(
      (a, b) =>
        compare(a.round.createdAt || a.sheet.createdAt, b.round.createdAt || b.sheet.createdAt) ||
        compare(a.sheet.sheetId, b.sheet.sheetId) ||
        a.round.roundNo - b.round.roundNo,
    );
    return new Map(COLUMNS.map((c) => [c.id, sorted.filter((card) => card.column === c.id)]));
  }, [cards]);
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
  const stations = setup?.stations ?? NONE;
  const thresholds = setup?.thresholds ?? NONE;
  const station = view !== EXPO && stations.some((st) => st.stationId === view) ? view : EXPO;
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
      {stations.length > 0 && (
        <div className="kds-views" role="group" aria-label={intl.formatMessage(m.view)}>
          {[{ stationId: EXPO, name: intl.formatMessage(m.expo) }, ...stations].map((st) => (
            <button key={st.stationId} type="button" className="btn" aria-pressed={station === st.stationId} onClick={() => choose(st.stationId)}>
              {st.name}
            </button>
          ))}
        </div>
      )}
      {station !== EXPO ? (
        <StationBoard
          cards={cards}
          station={station}
          thresholds={thresholds}
          bumped={setup?.bumped ?? []}
          sheets={sheets}
          fresh={(key) => (fresh[key] ?? 0) > now}
          onDone={actions.done}
          onBump={onBump}
          onRecall={onRecall}
        />
      ) : (
      <>
      <div className="board" ref={boardRef}>
        {COLUMNS.map((c) => {
          const list = columns.get(c.id) ?? [];
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
                list.map(({ key, sheet: s, round }, i) => {
                  const isFresh = (fresh[key] ?? 0) > now;
                  // Drawn in full: among the column's first, new (highlighted), or come near view (also before,
                  // in another column); else its stand-in: its name (the full card's), about its height, nothing
                  // inside (it is half a screen or more away). 200 open orders: the cards a cook can see are drawn.
                  if (i < FIRST || isFresh || !near || near.has(key)) {
                    return <Card key={key} sheet={s} round={round} stations={stations} thresholds={thresholds} fresh={isFresh} actions={actions} />;
                  }
                  return <article key={key} className={standInClass(round)} data-ticket={key} data-far="" aria-label={standInName(intl, s, round)} />;
                })
              )}
            </section>
          );
        })}
      </div>
      <Below>
        {stations.length > 0 && <AllDay cards={cards} station={EXPO} />}
        {setup && (
          <Suspense fallback={null}>
            <ThresholdsForm api={api} baseId={baseId} thresholds={thresholds} onSaved={() => void load()} />
          </Suspense>
        )}
      </Below>
      </>
      )}
    </>
  );
}

/**
 * A stand-in's class: its height, about, by its count of lines (public/staff.html: a 1024x768 tablet's column in
 * the kitchen's large type, a card's heading, number and buttons, and per line its row and a station's chip; a
 * two-line card of 20 stations measured 470 px). A class, not a style of its own: 200 stand-ins share a few.
 */
export const standInClass = (round: StaffRound): string => `stand-in lines-${Math.min(Math.max(round.items.length, 1), 8)}`;

/** The stand-ins' names, once per round (a changed sheet comes as new objects) and language: the board renders again on each event. */
const standInNames = new WeakMap<StaffRound, { intl: IntlShape; name: string }>();

function standInName(intl: IntlShape, s: StaffSheet, round: StaffRound): string {
  const known = standInNames.get(round);
  if (known?.intl === intl) return known.name;
  const name = ticketLabel(intl, s, round);
  standInNames.set(round, { intl, name });
  return name;
}

/** What is below the columns (the all-day counts, the thresholds' form): drawn when it comes within half a screen of view. */
function Below({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearView(ref);
  return <div ref={ref}>{near ? children : null}</div>;
}
