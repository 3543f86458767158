/**
 * A table's sheet so far (the merge preview, PosSalSheet_CYSettleSheetMergeDetailGet_V6_Get):
 * every round ordered at the table, from every phone, the customer's own marked.
 * Read-only: quantities of rounds already sent are changed by staff.
 */
import { FormattedMessage } from 'react-intl';
import { defineMessages } from '../../i18n/defineMessages';
import { useMoney } from '../../ui/money';
import { ordersApi, type MergedItem } from './ordersApi';

const messages = defineMessages({
  round: { id: 'tableSheet.round', defaultMessage: 'Round {round}' },
  mine: { id: 'tableSheet.mine', defaultMessage: 'Yours' },
  total: { id: 'tableSheet.total', defaultMessage: 'Table total' },
  service: { id: 'tableSheet.service', defaultMessage: 'Service charge' },
  paid: { id: 'tableSheet.paid', defaultMessage: 'Paid' },
  rest: { id: 'tableSheet.rest', defaultMessage: 'Left to pay' },
  quantity: { id: 'tableSheet.quantity', defaultMessage: '× {qua}' },
});

export function roundsOf<T extends { RoundNo: number }>(items: readonly T[]): [number, T[]][] {
  const rounds = new Map<number, T[]>();
  for (const item of items) {
    const list = rounds.get(item.RoundNo);
    if (list) list.push(item);
    else rounds.set(item.RoundNo, [item]);
  }
  return [...rounds.entries()].sort((a, b) => a[0] - b[0]);
}

export function TableSheet({
  items,
  totalAmo,
  serviceAmo = '0',
  paidAmo = '0',
  restAmo,
}: {
  items: readonly MergedItem[];
  totalAmo: string;
  /** Issue 28: the service charge, part of totalAmo (shown when above 0). */
  serviceAmo?: string;
  /** What the table's payments have paid so far (shown when above 0, with what is left). */
  paidAmo?: string;
  restAmo?: string;
}) {
  const money = useMoney();
  return (
    <div className="table-sheet">
      {roundsOf(items).map(([round, list]) => (
        <section key={round} className="round">
          <h3>
            <FormattedMessage {...messages.round} values={{ round }} />
          </h3>
          <ul className="checkout-lines">
            {list.map((item, i) => (
              <li key={i} className="checkout-line">
                <span className="checkout-line-name">
                  {item.voided ? <s>{item.name}</s> : item.name}{' '}
                  {item.mine && (
                    <span className="tag">
                      <FormattedMessage {...messages.mine} />
                    </span>
                  )}
                </span>
                <span className="checkout-line-count">
                  <FormattedMessage {...messages.quantity} values={{ qua: Number(item.qua) }} />
                </span>
                <span className="checkout-line-amount">{item.voided ? <s>{money.amount(item.amo)}</s> : money.amount(item.amo)}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {Number(serviceAmo) > 0 && (
        <p className="amount-row">
          <span>
            <FormattedMessage {...messages.service} />
          </span>{' '}
          <span>{money.amount(serviceAmo)}</span>
        </p>
      )}
      <p className="amount-row amount-total">
        <span>
          <FormattedMessage {...messages.total} />
        </span>{' '}
        <strong>{money.amount(totalAmo)}</strong>
      </p>
      {Number(paidAmo) > 0 && (
        <>
          <p className="amount-row">
            <span>
              <FormattedMessage {...messages.paid} />
            </span>{' '}
            <span>{money.amount(paidAmo)}</span>
          </p>
          <p className="amount-row amount-total">
            <span>
              <FormattedMessage {...messages.rest} />
            </span>{' '}
            <strong>{money.amount(restAmo ?? totalAmo)}</strong>
          </p>
        </>
      )}
    </div>
  );
}

const soFar = defineMessages({
  title: { id: 'tableSheet.soFar', defaultMessage: 'Ordered so far at this table' },
  readOnly: {
    id: 'tableSheet.readOnly',
    defaultMessage:
      'Dishes already sent to the kitchen cannot be changed here. Please ask our staff to change them.',
  },
  newRound: { id: 'tableSheet.newRound', defaultMessage: 'This round' },
});

/** The table's sheet so far, above the round being put together (entity parameter CYSheetGoodsQuaEdit '1'). */
export function TableSheetSoFar({
  SheetID,
  withRoundTitle = false,
}: {
  SheetID: string;
  withRoundTitle?: boolean;
}) {
  const merged = ordersApi.useMergedSheetQuery({ SheetID });
  if (!merged.data || merged.data.items.length === 0) return null;
  return (
    <>
      <section className="panel table-so-far" aria-labelledby="table-so-far">
        <h2 id="table-so-far">
          <FormattedMessage {...soFar.title} />
        </h2>
        <TableSheet items={merged.data.items} totalAmo={merged.data.totalAmo} serviceAmo={merged.data.serviceAmo} paidAmo={merged.data.paidAmo} restAmo={merged.data.restAmo} />
        <p className="muted">
          <FormattedMessage {...soFar.readOnly} />
        </p>
      </section>
      {withRoundTitle && (
        <h2 className="round-title">
          <FormattedMessage {...soFar.newRound} />
        </h2>
      )}
    </>
  );
}
