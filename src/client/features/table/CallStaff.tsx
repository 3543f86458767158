/**
 * "Call staff" and "Ask for the bill" (issue 28 section 4), from the table's
 * pages: each says its cooldown on the button; a call taken by staff shows
 * who is on the way. The bill asks how the table means to pay.
 */
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { TABLE_CALL_COOLDOWN_SECONDS, type BillPayHow } from '../../../shared/domain/tableCalls';
import type { GatewayError } from '../../app/baseQuery';
import { defineMessages } from '../../i18n/defineMessages';
import { useCallTableMutation, type TableCall } from './tableApi';

const messages = defineMessages({
  calls: { id: 'tableCall.calls', defaultMessage: 'Staff' },
  callStaff: { id: 'tableCall.callStaff', defaultMessage: 'Call staff (once every {minutes} min)' },
  askBill: { id: 'tableCall.askBill', defaultMessage: 'Ask for the bill (once every {minutes} min)' },
  again: { id: 'tableCall.again', defaultMessage: 'Called: again in {seconds} s' },
  waiting: { id: 'tableCall.waiting', defaultMessage: 'Staff have been called.' },
  billWaiting: { id: 'tableCall.billWaiting', defaultMessage: 'The bill has been asked for.' },
  onTheWay: { id: 'tableCall.onTheWay', defaultMessage: '{name} is on the way.' },
  billOnTheWay: { id: 'tableCall.billOnTheWay', defaultMessage: '{name} is bringing the bill.' },
  payHow: { id: 'tableCall.payHow', defaultMessage: 'How will you pay?' },
  online: { id: 'tableCall.online', defaultMessage: 'Online' },
  card: { id: 'tableCall.card', defaultMessage: 'Card at the table' },
  cash: { id: 'tableCall.cash', defaultMessage: 'Cash at the table' },
  send: { id: 'tableCall.send', defaultMessage: 'Ask for the bill' },
  cancel: { id: 'tableCall.cancel', defaultMessage: 'Cancel' },
});

const PAY_HOWS: { value: BillPayHow; label: (typeof messages)['online'] }[] = [
  { value: 'online', label: messages.online },
  { value: 'card', label: messages.card },
  { value: 'cash', label: messages.cash },
];

/** Seconds left, counting down from what the service said when it was read. */
function useCountdown(seconds: number, key: string): number {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    setLeft(seconds);
    if (seconds <= 0) return undefined;
    const started = Date.now();
    const timer = setInterval(() => {
      const now = Math.max(0, seconds - Math.floor((Date.now() - started) / 1000));
      setLeft(now);
      if (now === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [seconds, key]);
  return left;
}

export function CallStaff({ tableId, calls }: { tableId: string; calls: readonly TableCall[] }) {
  const intl = useIntl();
  const [call, { isLoading }] = useCallTableMutation();
  const [asking, setAsking] = useState(false);
  const [payHow, setPayHow] = useState<BillPayHow>('online');
  const [error, setError] = useState('');
  const staff = calls.find((c) => c.kind === 'staff');
  const bill = calls.find((c) => c.kind === 'bill');
  const staffLeft = useCountdown(staff?.cooldownSeconds ?? 0, staff?.callId ?? '');
  const billLeft = useCountdown(bill?.cooldownSeconds ?? 0, bill?.callId ?? '');
  const minutes = Math.round(TABLE_CALL_COOLDOWN_SECONDS / 60);

  const send = async (Kind: 'staff' | 'bill') => {
    setError('');
    const result = await call({ TableID: tableId, Kind, ...(Kind === 'bill' ? { PayHow: payHow } : {}) });
    if ('error' in result) {
      const e = result.error as GatewayError | undefined;
      setError(e && 'message' in e ? e.message : '');
      return;
    }
    setAsking(false);
  };

  const status = (c: TableCall | undefined, kind: 'staff' | 'bill') => {
    if (!c || (c.cooldownSeconds <= 0 && !c.acknowledged)) return null;
    if (c.acknowledged) return intl.formatMessage(kind === 'staff' ? messages.onTheWay : messages.billOnTheWay, { name: c.ackName });
    return intl.formatMessage(kind === 'staff' ? messages.waiting : messages.billWaiting);
  };
  const notes = [status(staff, 'staff'), status(bill, 'bill')].filter(Boolean);

  return (
    <section className="table-calls" aria-label={intl.formatMessage(messages.calls)}>
      <div className="table-calls-buttons">
        <button type="button" className="btn" disabled={isLoading || staffLeft > 0} onClick={() => void send('staff')}>
          {staffLeft > 0 ? <FormattedMessage {...messages.again} values={{ seconds: staffLeft }} /> : <FormattedMessage {...messages.callStaff} values={{ minutes }} />}
        </button>
        <button type="button" className="btn" disabled={isLoading || billLeft > 0} aria-expanded={asking} onClick={() => setAsking(!asking)}>
          {billLeft > 0 ? <FormattedMessage {...messages.again} values={{ seconds: billLeft }} /> : <FormattedMessage {...messages.askBill} values={{ minutes }} />}
        </button>
      </div>
      {asking && billLeft === 0 && (
        <fieldset className="table-calls-bill">
          <legend>
            <FormattedMessage {...messages.payHow} />
          </legend>
          {PAY_HOWS.map((p) => (
            <label key={p.value} className="radio">
              <input type="radio" name="payHow" value={p.value} checked={payHow === p.value} onChange={() => setPayHow(p.value)} />
              <FormattedMessage {...p.label} />
            </label>
          ))}
          <button type="button" className="btn btn-primary" disabled={isLoading} onClick={() => void send('bill')}>
            <FormattedMessage {...messages.send} />
          </button>
          <button type="button" className="btn" onClick={() => setAsking(false)}>
            <FormattedMessage {...messages.cancel} />
          </button>
        </fieldset>
      )}
      <p role="status" aria-live="polite" className="table-calls-status">
        {notes.join(' ')}
      </p>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
    </section>
  );
}
