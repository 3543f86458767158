/** vipBalanceRecordList (SPEC section 2, account detail): the balance's records, newest first. */
import { FormattedMessage, useIntl } from 'react-intl';
import { pathOf } from '../../app/paths';
import { defineMessages } from '../../i18n/defineMessages';
import { useMoney } from '../../ui/money';
import { useIsMember, SignInPrompt } from '../../session';
import { RecordList } from './RecordList';
import { walletApi } from './walletApi';

const messages = defineMessages({
  list: { id: 'wallet.balanceRecords.list', defaultMessage: 'Balance records' },
  none: { id: 'wallet.balanceRecords.none', defaultMessage: 'No balance records yet.' },
  after: { id: 'wallet.balanceRecords.after', defaultMessage: 'Balance {amount}' },
});

export default function BalanceRecordListPage() {
  const isMember = useIsMember();
  if (!isMember) {
    return (
      <section className="wallet-records">
        <SignInPrompt back={pathOf('vipBalanceRecordList')} />
      </section>
    );
  }
  return <BalanceRecords />;
}

function BalanceRecords() {
  const intl = useIntl();
  const money = useMoney();
  const pages = walletApi.useBalanceRecordsInfiniteQuery(undefined, { refetchOnMountOrArgChange: true });
  const signed = (v: string) => (Number(v) >= 0 ? `+${money.amount(v)}` : `-${money.amount(String(-Number(v)))}`);
  return (
    <section className="wallet-records">
      <RecordList
        pages={pages}
        label={intl.formatMessage(messages.list)}
        empty={<FormattedMessage {...messages.none} />}
        amountText={(r) => signed(r.amount)}
        afterText={(r) => intl.formatMessage(messages.after, { amount: money.amount(r.after) })}
      />
    </section>
  );
}
