/**
 * The outlet's settings form: address and map position, time zone, opening
 * hours per week day (overnight ranges allowed) and closed dates, ways of
 * ordering, pay before or after, the web order window, delivery (a radius
 * or a polygon drawn on the map, the freight and the minimum) and the
 * service charge and whether a tip is offered at payment. Checked with the shared rules (shared/domain/
 * outletSettings.ts) before it is sent, in the screen's language; the
 * service checks again. Saved with the version it was loaded at: when
 * someone else saved in between, the form says so and shows their values.
 */
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { outletProblems, WEEK_DAYS, type OutletProblem } from '../../../shared/domain/outletSettings';
import { defineMessages } from '../../../ui-kit/defineMessages';
import { OutletsError, type OutletsApi, type OutletSettings } from './outletsApi';
import { draftOf, inputOf, num, type Draft } from './outletDraft';

const PolygonMap = lazy(() => import(/* webpackChunkName: "back-office-map" */ './PolygonMap'));
const m = defineMessages({
  title: { id: 'bo.outlet.title', defaultMessage: 'Outlet settings' },
  address: { id: 'bo.outlet.address', defaultMessage: 'Address (simplified Chinese)' },
  addressTw: { id: 'bo.outlet.addressTw', defaultMessage: 'Address (traditional Chinese)' },
  addressEn: { id: 'bo.outlet.addressEn', defaultMessage: 'Address (English)' },
  lat: { id: 'bo.outlet.lat', defaultMessage: 'Latitude' },
  lng: { id: 'bo.outlet.lng', defaultMessage: 'Longitude' },
  timeZone: { id: 'bo.outlet.timeZone', defaultMessage: 'Time zone' },
  zoneDefault: { id: 'bo.outlet.zoneDefault', defaultMessage: "The enterprise's" },
  hours: { id: 'bo.outlet.hours', defaultMessage: 'Opening hours' },
  hoursHint: { id: 'bo.outlet.hoursHint', defaultMessage: 'HH:mm; an end before the begin runs past midnight (18:00 to 02:00). A day without ranges is closed.' },
  from: { id: 'bo.outlet.from', defaultMessage: '{day} range {n} from' },
  to: { id: 'bo.outlet.to', defaultMessage: '{day} range {n} to' },
  addRange: { id: 'bo.outlet.addRange', defaultMessage: 'Add a range on {day}' },
  removeRange: { id: 'bo.outlet.removeRange', defaultMessage: 'Remove {day} range {n}' },
  closedDay: { id: 'bo.outlet.closedDay', defaultMessage: 'closed' },
  closedDates: { id: 'bo.outlet.closedDates', defaultMessage: 'Closed dates (holidays), YYYY-MM-DD, separated by commas' },
  ways: { id: 'bo.outlet.ways', defaultMessage: 'Ways of ordering' },
  waysAll: { id: 'bo.outlet.waysAll', defaultMessage: 'Dine-in, takeaway and delivery' },
  waysTakeout: { id: 'bo.outlet.waysTakeout', defaultMessage: 'Takeaway and delivery' },
  waysDineIn: { id: 'bo.outlet.waysDineIn', defaultMessage: 'Dine-in only' },
  payMode: { id: 'bo.outlet.payMode', defaultMessage: 'Paying' },
  prepay: { id: 'bo.outlet.prepay', defaultMessage: 'Pay before' },
  postpay: { id: 'bo.outlet.postpay', defaultMessage: 'Pay after' },
  window: { id: 'bo.outlet.window', defaultMessage: 'Web order window (minutes, 0 without limit)' },
  delivery: { id: 'bo.outlet.delivery', defaultMessage: 'Delivery' },
  delivers: { id: 'bo.outlet.delivers', defaultMessage: 'The outlet delivers' },
  zoneKind: { id: 'bo.outlet.zoneKind', defaultMessage: 'Delivery area' },
  radius: { id: 'bo.outlet.radius', defaultMessage: 'Radius' },
  polygon: { id: 'bo.outlet.polygon', defaultMessage: 'Area drawn on the map' },
  km: { id: 'bo.outlet.km', defaultMessage: 'Radius (km)' },
  points: { id: 'bo.outlet.points', defaultMessage: '{count, plural, =0 {No points yet: tap the map to draw the area.} one {# point: tap the map to add more.} other {# points; the last joins the first.}}' },
  clearPoints: { id: 'bo.outlet.clearPoints', defaultMessage: 'Clear the area' },
  fee: { id: 'bo.outlet.fee', defaultMessage: 'Delivery fee' },
  minAmount: { id: 'bo.outlet.minAmount', defaultMessage: 'Minimum order for delivery' },
  freeAbove: { id: 'bo.outlet.freeAbove', defaultMessage: 'Free delivery from (empty: never)' },
  service: { id: 'bo.outlet.service', defaultMessage: 'Service charge (%)' },
  tip: { id: 'bo.outlet.tip', defaultMessage: 'Offer a tip at payment' },
  save: { id: 'bo.outlet.save', defaultMessage: 'Save outlet settings' },
  saved: { id: 'bo.outlet.saved', defaultMessage: 'Saved.' },
  changed: {
    id: 'bo.outlet.changed',
    defaultMessage: 'Changed by someone else while you were editing: the form now shows their values. Make your changes again and save.',
  },
  fix: { id: 'bo.outlet.fix', defaultMessage: 'Please correct the marked fields.' },
  failed: { id: 'bo.failed', defaultMessage: 'That did not work: {reason}' },
  offline: { id: 'bo.offline', defaultMessage: 'The service cannot be reached. Try again.' },
  loading: { id: 'bo.loading', defaultMessage: 'Loading…' },
  d1: { id: 'bo.day.1', defaultMessage: 'Monday' },
  d2: { id: 'bo.day.2', defaultMessage: 'Tuesday' },
  d3: { id: 'bo.day.3', defaultMessage: 'Wednesday' },
  d4: { id: 'bo.day.4', defaultMessage: 'Thursday' },
  d5: { id: 'bo.day.5', defaultMessage: 'Friday' },
  d6: { id: 'bo.day.6', defaultMessage: 'Saturday' },
  d7: { id: 'bo.day.7', defaultMessage: 'Sunday' },
  pTimeFormat: { id: 'bo.problem.timeFormat', defaultMessage: 'Write the time as HH:mm (for example 09:30).' },
  pTimeEmpty: { id: 'bo.problem.timeEmpty', defaultMessage: 'A range cannot begin and end at the same time.' },
  pTimeOverlap: { id: 'bo.problem.timeOverlap', defaultMessage: "This range overlaps another of the day's." },
  pDateFormat: { id: 'bo.problem.dateFormat', defaultMessage: 'Each closed date must be a real date YYYY-MM-DD.' },
  pRadius: { id: 'bo.problem.radius', defaultMessage: 'The radius must be above 0 and at most 50 km.' },
  pPolygonPoints: { id: 'bo.problem.polygonPoints', defaultMessage: 'Draw at least 3 points for the delivery area.' },
  pCoordinates: { id: 'bo.problem.coordinates', defaultMessage: 'Latitude -90 to 90 and longitude -180 to 180, both or neither.' },
  pPercent: { id: 'bo.problem.percent', defaultMessage: 'From 0 to 30, with at most 2 decimals.' },
  pMoney: { id: 'bo.problem.money', defaultMessage: 'Not negative, with at most 2 decimals.' },
  pMinutes: { id: 'bo.problem.minutes', defaultMessage: 'Whole minutes from 0 to 1440.' },
  pTimeZone: { id: 'bo.problem.timeZone', defaultMessage: 'Not a time zone (for example Asia/Macau).' },
});

const DAY_NAMES = [m.d1, m.d2, m.d3, m.d4, m.d5, m.d6, m.d7];
const PROBLEM_TEXT = {
  timeFormat: m.pTimeFormat,
  timeEmpty: m.pTimeEmpty,
  timeOverlap: m.pTimeOverlap,
  dateFormat: m.pDateFormat,
  radius: m.pRadius,
  polygonPoints: m.pPolygonPoints,
  coordinates: m.pCoordinates,
  percent: m.pPercent,
  money: m.pMoney,
  minutes: m.pMinutes,
  timeZone: m.pTimeZone,
} as const;

function FieldProblem({ problems, field, intl }: { problems: OutletProblem[]; field: string; intl: IntlShape }) {
  const mine = problems.filter((p) => p.field === field || p.field.startsWith(`${field}.`));
  if (!mine.length) return null;
  return (
    <span className="field-error" id={`bo-err-${field}`}>
      {[...new Set(mine.map((p) => intl.formatMessage(PROBLEM_TEXT[p.code])))].join(' ')}
    </span>
  );
}

export function OutletForm({ api, baseId }: { api: OutletsApi; baseId: string }) {
  const intl = useIntl();
  const [loaded, setLoaded] = useState<OutletSettings | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [problems, setProblems] = useState<OutletProblem[]>([]);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    setLoaded(null);
    setDraft(null);
    api.outlet(baseId).then(
      (o) => {
        if (!live) return;
        setLoaded(o);
        setDraft(draftOf(o));
      },
      () => live && setError(intl.formatMessage(m.offline)),
    );
    return () => {
      live = false;
    };
  }, [api, baseId, intl]);

  if (!draft || !loaded) {
    return (
      <section aria-labelledby="bo-outlet-title">
        <h3 id="bo-outlet-title">
          <FormattedMessage {...m.title} />
        </h3>
        {error ? (
          <p role="alert" className="error">
            {error}
          </p>
        ) : (
          <p>
            <FormattedMessage {...m.loading} />
          </p>
        )}
      </section>
    );
  }

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft({ ...draft, [key]: value });
  const setRange = (day: string, i: number, end: 'begin' | 'end', value: string) =>
    set('days', { ...draft.days, [day]: draft.days[day]!.map((r, k) => (k === i ? { ...r, [end]: value } : r)) });
  const bad = (field: string) => problems.some((p) => p.field === field || p.field.startsWith(`${field}.`));
  const aria = (field: string) => (bad(field) ? { 'aria-invalid': true as const, 'aria-describedby': `bo-err-${field}` } : {});

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setStatus('');
    setError('');
    const input = inputOf(draft);
    const found = outletProblems(input);
    setProblems(found);
    if (found.length) {
      setError(intl.formatMessage(m.fix));
      return;
    }
    setBusy(true);
    try {
      const saved = await api.saveOutlet(baseId, loaded.version, input);
      setLoaded(saved);
      setDraft(draftOf(saved));
      setStatus(intl.formatMessage(m.saved));
    } catch (err) {
      if (err instanceof OutletsError && err.status === 409 && err.body.outlet) {
        setLoaded(err.body.outlet);
        setDraft(draftOf(err.body.outlet));
        setError(intl.formatMessage(m.changed));
      } else if (err instanceof OutletsError && err.status === 400 && err.body.problems) {
        setProblems(err.body.problems as OutletProblem[]);
        setError(intl.formatMessage(m.fix));
      } else if (err instanceof OutletsError && err.status > 0) {
        setError(intl.formatMessage(m.failed, { reason: err.message }));
      } else setError(intl.formatMessage(m.offline));
    } finally {
      setBusy(false);
    }
  };

  const text = (key: 'address' | 'addressTw' | 'addressEn' | 'lat' | 'lng' | 'timeZone' | 'webOrderMinutes' | 'km' | 'fee' | 'minAmount' | 'freeAbove' | 'serviceChargePercent', label: (typeof m)[keyof typeof m], field: string, extra: { inputMode?: 'decimal' | 'numeric'; placeholder?: string } = {}) => (
    <div className="bo-field">
      <label htmlFor={`bo-${key}`}>
        <FormattedMessage {...label} />
      </label>
      <input id={`bo-${key}`} value={draft[key]} onChange={(e) => set(key, e.target.value)} autoComplete="off" {...extra} {...aria(field)} />
      <FieldProblem problems={problems} field={field} intl={intl} />
    </div>
  );

  return (
    <section className="bo-outlet" aria-labelledby="bo-outlet-title">
      <h3 id="bo-outlet-title">
        <FormattedMessage {...m.title} />
      </h3>
      <form onSubmit={handleSubmit} noValidate>
        <fieldset>
          {text('address', m.address, 'address')}
          {text('addressTw', m.addressTw, 'addressTw')}
          {text('addressEn', m.addressEn, 'addressEn')}
          <div className="bo-row">
            {text('lat', m.lat, 'position', { inputMode: 'decimal' })}
            {text('lng', m.lng, 'position', { inputMode: 'decimal' })}
          </div>
          {text('timeZone', m.timeZone, 'timeZone', { placeholder: intl.formatMessage(m.zoneDefault) })}
        </fieldset>

        <fieldset className="bo-hours">
          <legend>
            <FormattedMessage {...m.hours} />
          </legend>
          <p className="hint">
            <FormattedMessage {...m.hoursHint} />
          </p>
          {WEEK_DAYS.map((d) => {
            const day = String(d);
            const dayName = intl.formatMessage(DAY_NAMES[d - 1]!);
            const ranges = draft.days[day] ?? [];
            return (
              <div key={day} className="bo-day" role="group" aria-label={dayName}>
                <span className="bo-day-name">{dayName}</span>
                {ranges.length === 0 && (
                  <span className="bo-closed">
                    <FormattedMessage {...m.closedDay} />
                  </span>
                )}
                {ranges.map((r, i) => (
                  <span key={i} className="bo-range">
                    <input
                      aria-label={intl.formatMessage(m.from, { day: dayName, n: i + 1 })}
                      value={r.begin}
                      size={5}
                      placeholder="HH:mm"
                      onChange={(e) => setRange(day, i, 'begin', e.target.value)}
                      {...aria(`hours.${day}.${i}`)}
                    />
                    –
                    <input
                      aria-label={intl.formatMessage(m.to, { day: dayName, n: i + 1 })}
                      value={r.end}
                      size={5}
                      placeholder="HH:mm"
                      onChange={(e) => setRange(day, i, 'end', e.target.value)}
                      {...aria(`hours.${day}.${i}`)}
                    />
                    <button type="button" className="btn btn-small" onClick={() => set('days', { ...draft.days, [day]: ranges.filter((_, k) => k !== i) })}>
                      <FormattedMessage {...m.removeRange} values={{ day: dayName, n: i + 1 }} />
                    </button>
                  </span>
                ))}
                <button type="button" className="btn btn-small" onClick={() => set('days', { ...draft.days, [day]: [...ranges, { begin: '', end: '' }] })}>
                  <FormattedMessage {...m.addRange} values={{ day: dayName }} />
                </button>
                <FieldProblem problems={problems} field={`hours.${day}`} intl={intl} />
              </div>
            );
          })}
          <div className="bo-field">
            <label htmlFor="bo-closedDates">
              <FormattedMessage {...m.closedDates} />
            </label>
            <input id="bo-closedDates" value={draft.closedDates} onChange={(e) => set('closedDates', e.target.value)} {...aria('closedDates')} />
            <FieldProblem problems={problems} field="closedDates" intl={intl} />
          </div>
        </fieldset>

        <fieldset>
          <div className="bo-field">
            <label htmlFor="bo-ways">
              <FormattedMessage {...m.ways} />
            </label>
            <select id="bo-ways" value={draft.businessMode} onChange={(e) => set('businessMode', Number(e.target.value) as 0 | 1 | 2)}>
              <option value={0}>{intl.formatMessage(m.waysAll)}</option>
              <option value={1}>{intl.formatMessage(m.waysTakeout)}</option>
              <option value={2}>{intl.formatMessage(m.waysDineIn)}</option>
            </select>
          </div>
          <div className="bo-field">
            <label htmlFor="bo-pay">
              <FormattedMessage {...m.payMode} />
            </label>
            <select id="bo-pay" value={draft.payMode} onChange={(e) => set('payMode', e.target.value === 'postpay' ? 'postpay' : 'prepay')}>
              <option value="prepay">{intl.formatMessage(m.prepay)}</option>
              <option value="postpay">{intl.formatMessage(m.postpay)}</option>
            </select>
          </div>
          {text('webOrderMinutes', m.window, 'webOrderMinutes', { inputMode: 'numeric' })}
          {text('serviceChargePercent', m.service, 'serviceChargePercent', { inputMode: 'decimal' })}
          <div className="bo-check">
            <input id="bo-tip" type="checkbox" checked={draft.tipEnabled} onChange={(e) => set('tipEnabled', e.target.checked)} />
            <label htmlFor="bo-tip">
              <FormattedMessage {...m.tip} />
            </label>
          </div>
        </fieldset>

        <fieldset>
          <legend>
            <FormattedMessage {...m.delivery} />
          </legend>
          <div className="bo-check">
            <input id="bo-delivers" type="checkbox" checked={draft.delivers} onChange={(e) => set('delivers', e.target.checked)} />
            <label htmlFor="bo-delivers">
              <FormattedMessage {...m.delivers} />
            </label>
          </div>
          {draft.delivers && (
            <>
              <div className="bo-field">
                <label htmlFor="bo-zone-kind">
                  <FormattedMessage {...m.zoneKind} />
                </label>
                <select id="bo-zone-kind" value={draft.zoneKind} onChange={(e) => set('zoneKind', e.target.value === 'polygon' ? 'polygon' : 'radius')}>
                  <option value="radius">{intl.formatMessage(m.radius)}</option>
                  <option value="polygon">{intl.formatMessage(m.polygon)}</option>
                </select>
              </div>
              {draft.zoneKind === 'radius' ? (
                text('km', m.km, 'delivery.zone', { inputMode: 'decimal' })
              ) : (
                <div className="bo-field">
                  <p>
                    <FormattedMessage {...m.points} values={{ count: draft.points.length }} />
                  </p>
                  <Suspense fallback={<p>{intl.formatMessage(m.loading)}</p>}>
                    <PolygonMap
                      center={draft.lat && draft.lng ? { lat: num(draft.lat), lng: num(draft.lng) } : null}
                      points={draft.points}
                      label={intl.formatMessage(m.polygon)}
                      onPoints={(points) => set('points', points)}
                    />
                  </Suspense>
                  <button type="button" className="btn btn-small" onClick={() => set('points', [])}>
                    <FormattedMessage {...m.clearPoints} />
                  </button>
                  <FieldProblem problems={problems} field="delivery.zone" intl={intl} />
                </div>
              )}
              {text('fee', m.fee, 'delivery.fee', { inputMode: 'decimal' })}
              {text('minAmount', m.minAmount, 'delivery.minAmount', { inputMode: 'decimal' })}
              {text('freeAbove', m.freeAbove, 'delivery.freeAbove', { inputMode: 'decimal' })}
            </>
          )}
        </fieldset>

        <p role="status" className="bo-status">
          {status}
        </p>
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          <FormattedMessage {...m.save} />
        </button>
      </form>
    </section>
  );
}
