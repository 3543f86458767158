/**
 * vipScoreRecordList (SPEC section 2, points detail): the points records,
 * newest first. Orders earn points by the enterprise's rule (the demo: 1
 * point per MOP$10 paid), taken back when an order is refunded or cancelled.
 */
import { FormattedMessage, useIntl } from 'react-intl';
import { pathOf } from '../../app/paths';
import { defineMessages } from '../../i18n/defineMessages';
import { useIsMember, useMemberProfile, SignInPrompt } from '../../session';
import { RecordList } from './RecordList';
import { walletApi } from './walletApi';

const messages = defineMessages({
  list: { id: 'wallet.scoreRecords.list', defaultMessage: 'Points records' },
  none: { id: 'wallet.scoreRecords.none', defaultMessage: 'No points records yet.' },
  points: { id: 'wallet.scoreRecords.points', defaultMessage: '{sign}{count, plural, one {# point} other {# points}}' },
  after: { id: 'wallet.scoreRecords.after', defaultMessage: 'Points {count, number}' },
  total: { id: 'wallet.scoreRecords.total', defaultMessage: 'You have {count, plural, one {# point} other {# points}}' },
});

export default function ScoreRecordListPage() {
  const isMember = useIsMember();
  if (!isMember) {
    return (
      <section className="wallet-records">
        <SignInPrompt back={pathOf('vipScoreRecordList')} />
      </section>
    );
  }
  return <ScoreRecords />;
}

function ScoreRecords() {
  const intl = useIntl();
  const profile = useMemberProfile();
  const pages = walletApi.useScoreRecordsInfiniteQuery(undefined, { refetchOnMountOrArgChange: true });
  const count = (v: string) => Math.round(Number(v) || 0);
  return (
    <section className="wallet-records">
      {profile.data && (
        <p className="wallet-figure">
          <FormattedMessage {...messages.total} values={{ count: count(profile.data.Score) }} />
        </p>
      )}
      <RecordList
        pages={pages}
        label={intl.formatMessage(messages.list)}
        empty={<FormattedMessage {...messages.none} />}
        amountText={(r) => intl.formatMessage(messages.points, { sign: count(r.amount) >= 0 ? '+' : '-', count: Math.abs(count(r.amount)) })}
        afterText={(r) => intl.formatMessage(messages.after, { count: count(r.after) })}
      />
    </section>
  );
}
