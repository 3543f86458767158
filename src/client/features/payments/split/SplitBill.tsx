/**
 * Split the bill (issue 28 section 3), at a table's pay-after sheet: each
 * diner pays their part as a payment of its own, with its own result page:
 * the whole bill or the rest, their own items (preselected), items they pick
 * (units of a line: 1 of the 3 beers), an even share (2-20; one may pay
 * several), or an amount; a tip where the outlet offers one. Items someone
 * is paying are locked (with who), paid ones ticked; the figures follow the
 * table's live stream (the order details page listens to it). The service
 * decides every amount and refuses in the diner's language (shown here).
 * Loaded on demand (its own chunk) from the order details page.
 */
import { useId, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { minorToString, sumMoney, toMinor } from '../../../../shared/domain/numbers';
import { MAX_SHARES, MIN_SHARES } from '../../../../shared/domain/orderTotals';
import { isGatewayError } from '../../../app/errorListener';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useGo } from '../../../app/navigation';
import { defineMessages } from '../../../i18n/defineMessages';
import { AmountRow } from '../../../ui/AmountRow';
import { useMoney } from '../../../ui/money';
import { browser } from '../../../ui/redirect';
import { selectBaseInfo, signSheetEnded } from '../../../session';
import { ordersApi } from '../../orders';
import { rememberInflightPayment } from '../inflightPayment';
import { paymentResultPath } from '../payForSheet';
import type { PayType } from '../paymentsApi';
import { PayWithMethod } from '../PayWithMethod';
import { splitApi } from './splitApi';
import {
  billLines,
  freeUnits,
  myUnits,
  previewPart,
  sharesLeft,
  sharesOf,
  type SplitChoice,
  type SplitLine,
  type SplitMode,
} from './splitChoice';
import { NO_TIP, tipAmount, TipPicker, type TipValue } from './TipPicker';

const messages = defineMessages({
  title: { id: 'split.title', defaultMessage: 'Split the bill' },
  loading: { id: 'split.loading', defaultMessage: 'Loading the bill…' },
  total: { id: 'split.total', defaultMessage: 'Bill total' },
  service: { id: 'split.service', defaultMessage: 'Service charge' },
  paid: { id: 'split.paid', defaultMessage: 'Paid' },
  rest: { id: 'split.rest', defaultMessage: 'Left to pay' },
  how: { id: 'split.how', defaultMessage: 'What do you pay?' },
  all: { id: 'split.all', defaultMessage: 'The whole bill' },
  restMode: { id: 'split.restMode', defaultMessage: 'The rest' },
  mine: { id: 'split.mine', defaultMessage: 'My items' },
  items: { id: 'split.items', defaultMessage: 'Items I choose' },
  even: { id: 'split.even', defaultMessage: 'Split evenly' },
  amount: { id: 'split.amount', defaultMessage: 'An amount' },
  noMine: {
    id: 'split.noMine',
    defaultMessage: 'None of the items left to pay were added by you.',
  },
  unitsOf: { id: 'split.unitsOf', defaultMessage: 'Pay {name}' },
  lineUnits: { id: 'split.lineUnits', defaultMessage: '× {units} · {amount}' },
  linePaid: { id: 'split.linePaid', defaultMessage: '✓ {count} paid' },
  lineHeld: { id: 'split.lineHeld', defaultMessage: '{count} being paid by {who}' },
  someone: { id: 'split.someone', defaultMessage: 'another diner' },
  people: { id: 'split.people', defaultMessage: 'Between how many people? ({min}–{max})' },
  inProgress: {
    id: 'split.inProgress',
    defaultMessage: 'Split evenly between {of}: {taken} of {of} shares paid or being paid.',
  },
  shares: { id: 'split.shares', defaultMessage: 'Shares you pay (at most {left})' },
  amountLabel: { id: 'split.amountLabel', defaultMessage: 'Amount to pay (at most {rest})' },
  yourPart: { id: 'split.yourPart', defaultMessage: 'Your part' },
  noUnits: { id: 'split.noUnits', defaultMessage: 'Choose at least one item to pay.' },
  noAmount: { id: 'split.noAmount', defaultMessage: 'Enter the amount you pay.' },
  noShares: {
    id: 'split.noShares',
    defaultMessage: 'Choose how many shares you pay: no more than are left.',
  },
  pay: { id: 'split.pay', defaultMessage: 'Pay {amount}' },
  paying: { id: 'split.paying', defaultMessage: 'Paying…' },
  settled: { id: 'split.settled', defaultMessage: 'The bill is paid in full.' },
});

const MODES: SplitMode[] = ['rest', 'mine', 'items', 'even', 'amount'];

export default function SplitBill({
  SheetID,
  ShopID,
  BaseID,
}: {
  SheetID: string;
  ShopID: string;
  BaseID: string;
}) {
  const intl = useIntl();
  const money = useMoney();
  const dispatch = useAppDispatch();
  const go = useGo();
  const id = useId();
  const scale = money.formats.AmoPoint;
  const base = useAppSelector(selectBaseInfo);
  const tipsOffered = Boolean(base?.TipEnabled && base.BaseID === BaseID);
  const order = ordersApi.useOrderDetailQuery({ SheetID });
  const [choice, setChoice] = useState<SplitChoice>({
    mode: 'rest',
    chosen: new Map(),
    of: 2,
    shares: 1,
    amount: '',
  });
  const [tip, setTip] = useState<TipValue>(NO_TIP);
  const [refusal, setRefusal] = useState<ReactNode>(null);
  const [payBalance] = splitApi.usePayPartByBalanceMutation();
  const [payProvider] = splitApi.useStartPartProviderPaymentMutation();

  if (!order.data) {
    return (
      <p role="status" className="muted">
        <FormattedMessage {...messages.loading} />
      </p>
    );
  }
  const { header, items } = order.data;
  const lines: SplitLine[] = billLines(items);
  const show = (minor: number) => money.amount(minorToString(minor, scale));
  const restMinor = toMinor(header.restAmo || '0', scale);
  const paidMinor = toMinor(header.paidAmo || '0', scale);
  if (restMinor <= 0 && paidMinor > 0) {
    return (
      <p role="status" className="note">
        <FormattedMessage {...messages.settled} />
      </p>
    );
  }
  const preview = previewPart(header, lines, choice, scale);
  const partMinor = preview.ok ? preview.amountMinor : 0;
  const tipped = tipsOffered ? tipAmount(tip, partMinor, scale) : ({ ok: true, minor: 0 } as const);
  const chargedMinor = sumMoney([partMinor, tipped.ok ? tipped.minor : 0]);
  const untouched = paidMinor === 0 && restMinor === toMinor(header.totalAmo || '0', scale);

  const choose = (mode: SplitMode) => {
    setRefusal(null);
    setChoice((c) => ({
      ...c,
      mode,
      chosen: mode === 'mine' ? myUnits(lines) : mode === 'items' ? new Map() : c.chosen,
    }));
  };
  const setUnits = (itemId: number, qua: number) =>
    setChoice((c) => {
      const chosen = new Map(c.chosen);
      if (qua > 0) chosen.set(itemId, qua);
      else chosen.delete(itemId);
      return { ...c, chosen };
    });

  const handlePay = async (method: PayType) => {
    if (!preview.ok || !tipped.ok || chargedMinor <= 0) return;
    setRefusal(null);
    const amount = minorToString(chargedMinor, scale);
    const part = {
      ...preview.part,
      ...(tipped.minor > 0 ? { TipAmo: minorToString(tipped.minor, scale) } : {}),
    };
    if (method === 'sandbox') {
      const started = await payProvider({ SheetID, TotalAmo: amount, part });
      if ('error' in started) return setRefusal(refusalOf(started.error));
      rememberInflightPayment({ SheetID, PayID: started.data.PayID });
      browser.leave(started.data.PayUrl);
      return;
    }
    const paid = await payBalance({ SheetID, PayAmo: amount, part });
    if ('error' in paid) return setRefusal(refusalOf(paid.error));
    // The payment that completed the bill ends the table's visit (issue 23), as SettleBill's does.
    if (paid.data.settled) dispatch(signSheetEnded(SheetID));
    go(paymentResultPath(SheetID, 'balance', amount), { replace: true });
  };

  const modeLabel = (mode: SplitMode) =>
    mode === 'rest' ? (untouched ? messages.all : messages.restMode) : messages[mode];
  const problem = !preview.ok ? messages[preview.problem] : null;
  const of = sharesOf(header, choice.of);
  const left = sharesLeft(header, choice.of);

  return (
    <section className="panel split-bill" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <FormattedMessage {...messages.title} />
      </h2>
      <dl className="amounts">
        <AmountRow label={messages.total} value={money.amount(header.totalAmo)} />
        {Number(header.serviceAmo) > 0 && (
          <AmountRow label={messages.service} value={money.amount(header.serviceAmo)} />
        )}
        {paidMinor > 0 && <AmountRow label={messages.paid} value={money.amount(header.paidAmo)} />}
        <AmountRow label={messages.rest} value={money.amount(header.restAmo)} strong />
      </dl>

      <fieldset className="choice-group" style={{ flexDirection: 'column' }}>
        <legend>
          <FormattedMessage {...messages.how} />
        </legend>
        {MODES.map((mode) => (
          <label key={mode} className="choice">
            <input
              type="radio"
              name={`${id}-mode`}
              value={mode}
              checked={choice.mode === mode}
              onChange={() => choose(mode)}
            />
            <FormattedMessage {...modeLabel(mode)} />
          </label>
        ))}
      </fieldset>

      {(choice.mode === 'mine' || choice.mode === 'items') && (
        <>
          {choice.mode === 'mine' && choice.chosen.size === 0 && (
            <p className="note">
              <FormattedMessage {...messages.noMine} />
            </p>
          )}
          <ul className="checkout-lines split-lines">
            {lines.map((l) => (
              <li key={l.ItemID} className="checkout-line" style={{ flexWrap: 'wrap' }}>
                <span className="checkout-line-name">{l.name}</span>
                <span className="checkout-line-amount">
                  <FormattedMessage
                    {...messages.lineUnits}
                    values={{ units: l.units, amount: money.amount(l.amo) }}
                  />
                </span>
                {l.paidQua > 0 && (
                  <span className="tag">
                    <FormattedMessage {...messages.linePaid} values={{ count: l.paidQua }} />
                  </span>
                )}
                {l.heldQua > 0 && (
                  <span
                    className="tag"
                    aria-label={intl.formatMessage(messages.lineHeld, {
                      count: l.heldQua,
                      who: l.heldBy || intl.formatMessage(messages.someone),
                    })}
                  >
                    🔒{' '}
                    <FormattedMessage
                      {...messages.lineHeld}
                      values={{
                        count: l.heldQua,
                        who: l.heldBy || intl.formatMessage(messages.someone),
                      }}
                    />
                  </span>
                )}
                {freeUnits(l) > 0 && (
                  <label className="field" style={{ flexBasis: '100%', margin: '4px 0 0' }}>
                    <span className="visually-hidden">
                      <FormattedMessage {...messages.unitsOf} values={{ name: l.name }} />
                    </span>
                    <select
                      value={Math.min(choice.chosen.get(l.ItemID) ?? 0, freeUnits(l))}
                      onChange={(e) => setUnits(l.ItemID, Number(e.target.value))}
                    >
                      {Array.from({ length: freeUnits(l) + 1 }, (_, q) => (
                        <option key={q} value={q}>
                          {q === 0 ? '0' : `${q} / ${freeUnits(l)}`}
                        </option>
                      ))}
                    </select>
                  </label>
                )}
              </li>
            ))}
          </ul>
        </>
      )}

      {choice.mode === 'even' && (
        <>
          {header.sharesOf > 0 ? (
            <p className="note">
              <FormattedMessage
                {...messages.inProgress}
                values={{ of: header.sharesOf, taken: header.sharesTaken }}
              />
            </p>
          ) : (
            <label className="field">
              <span>
                <FormattedMessage
                  {...messages.people}
                  values={{ min: MIN_SHARES, max: MAX_SHARES }}
                />
              </span>
              <select
                value={of}
                onChange={(e) =>
                  setChoice((c) => ({ ...c, of: Number(e.target.value), shares: 1 }))
                }
              >
                {Array.from({ length: MAX_SHARES - MIN_SHARES + 1 }, (_, i) => MIN_SHARES + i).map(
                  (n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ),
                )}
              </select>
            </label>
          )}
          <label className="field">
            <span>
              <FormattedMessage {...messages.shares} values={{ left }} />
            </span>
            <select
              value={choice.shares}
              onChange={(e) => setChoice((c) => ({ ...c, shares: Number(e.target.value) }))}
            >
              {Array.from({ length: Math.max(1, left) }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
        </>
      )}

      {choice.mode === 'amount' && (
        <label className="field">
          <span>
            <FormattedMessage
              {...messages.amountLabel}
              values={{ rest: money.amount(header.restAmo) }}
            />
          </span>
          <input
            type="text"
            inputMode="decimal"
            value={choice.amount}
            onChange={(e) => setChoice((c) => ({ ...c, amount: e.target.value }))}
          />
        </label>
      )}

      {problem ? (
        <p className="muted">
          <FormattedMessage {...problem} />
        </p>
      ) : (
        <p className="amount-row amount-total" data-testid="split-part">
          <span>
            <FormattedMessage {...messages.yourPart} />
          </span>{' '}
          <strong>{show(partMinor)}</strong>
        </p>
      )}
      {tipsOffered && preview.ok && (
        <TipPicker amountMinor={partMinor} value={tip} onChange={setTip} />
      )}
      <PayWithMethod
        ShopID={ShopID}
        BaseID={BaseID}
        dineInAtTable
        refusal={refusal}
        disabled={!preview.ok || !tipped.ok || chargedMinor <= 0}
        pay={messages.pay}
        paying={messages.paying}
        amount={show(chargedMinor)}
        onPay={handlePay}
      />
    </section>
  );
}

/** A refusal in the diner's language, as the service wrote it. */
function refusalOf(error: unknown): ReactNode {
  return isGatewayError(error) && error.kind === 'business' ? error.message : null;
}
