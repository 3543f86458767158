/**
 * vipQrCode (SPEC section 2): the member code a counter scans. The service
 * issues a new code each minute (MemberCode, with the seconds it has left),
 * so a screenshot goes stale; the page counts the seconds down and fetches
 * the next code when they run out. Shown as a QR code and as text, for a
 * counter that types it in. A guest is asked to sign in.
 */
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { pathOf } from '../../app/paths';
import { defineMessages } from '../../i18n/defineMessages';
import { QrCode } from '../../ui/QrCode';
import { useIsMember, useMemberProfile, SignInPrompt } from '../../session';
import { Avatar } from './Avatar';
import { useShownName } from './shownName';

const messages = defineMessages({
  qrLabel: { id: 'vipQrCode.qrLabel', defaultMessage: 'Member code {code} as a QR code' },
  show: { id: 'vipQrCode.show', defaultMessage: 'Show this code at the counter.' },
  refreshesIn: {
    id: 'vipQrCode.refreshesIn',
    defaultMessage: 'A new code in {seconds, plural, one {# second} other {# seconds}}',
  },
  refreshing: { id: 'vipQrCode.refreshing', defaultMessage: 'Getting a new code…' },
  unavailable: { id: 'vipQrCode.unavailable', defaultMessage: 'The member code is not available right now.' },
  loading: { id: 'vipQrCode.loading', defaultMessage: 'Loading your member code…' },
  retry: { id: 'vipQrCode.retry', defaultMessage: 'Try again' },
});

/** A code's lifetime when the service does not say (SPEC: refreshed every minute). */
export const CODE_LIFETIME_S = 60;
/** SPEC section 9: the clock ticks each second. */
const TICK_MS = 1000;
/** After a failed fetch of the next code, the next try. */
const RETRY_MS = 5000;

export default function VipQrCodePage() {
  const isMember = useIsMember();
  if (!isMember) {
    return (
      <section className="vip-qr-code">
        <SignInPrompt back={pathOf('vipQrCode')} />
      </section>
    );
  }
  return <MemberCode />;
}

function MemberCode() {
  const intl = useIntl();
  // A code fetched earlier (by the mine page) may be stale: always a fresh one on opening.
  const { data, fulfilledTimeStamp, isFetching, refetch } = useMemberProfile({ refetchOnMountOrArgChange: true });
  const lifetime = data?.MemberCodeExpiresIn || CODE_LIFETIME_S;
  const name = useShownName(data);
  const expiresAt = (fulfilledTimeStamp ?? 0) + lifetime * 1000;
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);

  const left = fulfilledTimeStamp ? Math.min(lifetime, Math.max(0, Math.ceil((expiresAt - now) / 1000))) : lifetime;
  const expired = Boolean(fulfilledTimeStamp) && left === 0;
  const lastTry = useRef(0);
  useEffect(() => {
    // The code has run out: fetch the next one (the answer moves expiresAt on; a failure is tried again a little later).
    if (!expired || isFetching || now - lastTry.current < RETRY_MS) return;
    lastTry.current = now;
    void refetch();
  }, [expired, isFetching, now, refetch]);

  if (!data) {
    return (
      <section className="vip-qr-code">
        {isFetching ? (
          <p role="status" className="muted">
            <FormattedMessage {...messages.loading} />
          </p>
        ) : (
          <button type="button" className="btn btn-block" onClick={() => void refetch()}>
            <FormattedMessage {...messages.retry} />
          </button>
        )}
      </section>
    );
  }

  return (
    <section className="vip-qr-code">
      <header className="member-header">
        <Avatar name={name} url={data.headImgUrl} size={48} />
        <div className="member-text">
          <h2>{name}</h2>
        </div>
      </header>
      {data.MemberCode ? (
        <div className="qr-panel">
          <QrCode text={data.MemberCode} label={intl.formatMessage(messages.qrLabel, { code: data.MemberCode })} />
          <p className="qr-text" data-testid="member-code">
            {data.MemberCode}
          </p>
          <p className="muted">
            <FormattedMessage {...messages.show} />
          </p>
          <p role="timer" className="muted">
            {expired || isFetching ? <FormattedMessage {...messages.refreshing} /> : <FormattedMessage {...messages.refreshesIn} values={{ seconds: left }} />}
          </p>
        </div>
      ) : (
        <p className="empty">
          <FormattedMessage {...messages.unavailable} />
        </p>
      )}
    </section>
  );
}
