/** The confirm page's order lines: each line's name, its options, count and amount. */
import { FormattedMessage, useIntl } from 'react-intl';
import { lineAmountMinor, lineItemCount, type CartEntry, type CartLine } from '../../../../shared/domain/cart';
import { minorToString } from '../../../../shared/domain/numbers';
import { useAppSelector } from '../../../app/hooks';
import { defineMessages } from '../../../i18n/defineMessages';
import { lineQuantityText } from '../../../ui/lineQuantity';
import { useMoney } from '../../../ui/money';
import { selectCartNumberFormats } from '../../cart';

const messages = defineMessages({
  items: { id: 'checkout.items', defaultMessage: 'Your order' },
});

export function ConfirmLines({ entries }: { entries: readonly CartEntry[] }) {
  return (
    <section className="panel" aria-labelledby="checkout-items">
      <h2 id="checkout-items">
        <FormattedMessage {...messages.items} />
      </h2>
      <ul className="checkout-lines">
        {entries.flatMap((entry) => entry.list.map((line) => <ConfirmLine key={line.uid} entry={entry} line={line} />))}
      </ul>
    </section>
  );
}

function ConfirmLine({ entry, line }: { entry: CartEntry; line: CartLine }) {
  const formats = useAppSelector(selectCartNumberFormats);
  const money = useMoney();
  const intl = useIntl();
  const g = entry.goodsDetails;
  const name = String(g.GoodsName ?? '');
  const details = [
    String(g.SkuItems ?? '').replace(/[;，]+/g, ' ').trim(),
    ...line.bomList.map((b) => b.GoodsName),
    ...line.attachmentList.map((a) => a.Value),
    ...line.remarkList,
  ].filter(Boolean);
  return (
    <li className="checkout-line">
      <div>
        <span className="checkout-line-name">{name}</span>
        {details.length > 0 && <span className="checkout-line-details">{details.join(' · ')}</span>}
      </div>
      <span className="checkout-line-count">
        {lineQuantityText(intl, { count: lineItemCount(line), pack: line.PUnit, ref: Number(line.Ref) })}
      </span>
      <span className="checkout-line-amount">{money.amount(minorToString(lineAmountMinor(line, formats), formats.AmoPoint))}</span>
    </li>
  );
}
