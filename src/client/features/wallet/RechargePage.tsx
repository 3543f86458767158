/**
 * vipBalanceRecharge (SPEC section 2, top-up): the enterprise's top-up offers
 * (VipRecharge_VipRechargeRuleListByPage_Get: pay 500, get 580) or an amount
 * of the customer's own, which the service keeps within its limits; the
 * confirmation of SPEC section 5 ('Top up MOP$100.00?'), then the payment
 * provider's page (VipRecharge_VipAccountRechargeSumbit_V3_Add), which sends
 * the customer back to rechargeResult.
 */
import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { isGatewayError } from '../../app/errorListener';
import { useAppSelector } from '../../app/hooks';
import { pathOf } from '../../app/paths';
import { defineMessages } from '../../i18n/defineMessages';
import { confirmations } from '../../i18n/specMessages';
import { useConfirm } from '../../ui/ConfirmDialog';
import { useMoney } from '../../ui/money';
import { browser } from '../../ui/redirect';
import { useIsMember, SignInPrompt, selectEntId } from '../../session';
import { rememberInflightRecharge } from './inflightRecharge';
import { walletApi, type RechargeRule } from './walletApi';

const messages = defineMessages({
  offers: { id: 'wallet.recharge.offers', defaultMessage: 'Top-up offers' },
  offer: { id: 'wallet.recharge.offer', defaultMessage: 'Pay {amount}, get {total}' },
  plain: { id: 'wallet.recharge.plain', defaultMessage: 'Pay {amount}' },
  other: { id: 'wallet.recharge.other', defaultMessage: 'Another amount' },
  amountLabel: { id: 'wallet.recharge.amountLabel', defaultMessage: 'Amount to top up' },
  amountRequired: { id: 'wallet.recharge.amountRequired', defaultMessage: 'Choose an offer or enter an amount' },
  amountInvalid: { id: 'wallet.recharge.amountInvalid', defaultMessage: 'Enter an amount such as 100 or 88.50' },
  submit: { id: 'wallet.recharge.submit', defaultMessage: 'Top up' },
  starting: { id: 'wallet.recharge.starting', defaultMessage: 'Opening the payment page…' },
  loading: { id: 'wallet.recharge.loading', defaultMessage: 'Loading the top-up offers…' },
  failed: { id: 'wallet.recharge.failed', defaultMessage: 'The top-up offers could not be loaded. You can still enter an amount.' },
  none: { id: 'wallet.recharge.none', defaultMessage: 'No top-up offers at the moment. Enter an amount.' },
});

const AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;

export default function RechargePage() {
  const isMember = useIsMember();
  if (!isMember) {
    return (
      <section className="recharge">
        <SignInPrompt back={pathOf('vipBalanceRecharge')} />
      </section>
    );
  }
  return <Recharge />;
}

function Recharge() {
  const intl = useIntl();
  const money = useMoney();
  const confirm = useConfirm();
  const EntID = useAppSelector(selectEntId) ?? '';
  const rules = walletApi.useRechargeRulesQuery({ EntID });
  const [start, starting] = walletApi.useStartRechargeMutation();
  const [choice, setChoice] = useState<string>('');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string>('');
  const amountId = useId();
  const errorId = useId();
  const other = choice === 'other' || (rules.data?.length ?? 0) === 0;

  const offerText = (r: RechargeRule) =>
    Number(r.gift) > 0
      ? intl.formatMessage(messages.offer, { amount: money.amount(r.amount), total: money.amount(String(Number(r.amount) + Number(r.gift))) })
      : intl.formatMessage(messages.plain, { amount: money.amount(r.amount) });

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    const rule = rules.data?.find((r) => r.RuleID === choice);
    let value: string;
    if (rule && !other) value = rule.amount;
    else {
      const typed = amount.trim();
      if (!typed) return setError(intl.formatMessage(messages.amountRequired));
      if (!AMOUNT.test(typed) || !(Number(typed) > 0)) return setError(intl.formatMessage(messages.amountInvalid));
      value = typed;
    }
    if (!(await confirm({ message: confirmations.topUp, values: { amount: money.amount(value) } }))) return;
    const result = await start(rule && !other ? { RuleID: rule.RuleID } : { Amo: value });
    if ('error' in result) {
      if (isGatewayError(result.error) && result.error.kind === 'business') setError(result.error.message);
      return;
    }
    rememberInflightRecharge({ SheetID: result.data.SheetID, amount: result.data.amount });
    browser.leave(result.data.PayUrl);
  };

  return (
    <section className="recharge">
      <form onSubmit={(e) => void handleSubmit(e)} noValidate>
        <fieldset className="recharge-offers">
          <legend>
            <FormattedMessage {...messages.offers} />
          </legend>
          {rules.isLoading && (
            <p role="status" className="muted">
              <FormattedMessage {...messages.loading} />
            </p>
          )}
          {rules.isError && (
            <p className="muted">
              <FormattedMessage {...messages.failed} />
            </p>
          )}
          {rules.isSuccess && rules.data.length === 0 && (
            <p className="muted">
              <FormattedMessage {...messages.none} />
            </p>
          )}
          {(rules.data ?? []).map((r) => (
            <label key={r.RuleID} className="choice">
              <input type="radio" name="recharge" value={r.RuleID} checked={choice === r.RuleID} onChange={() => setChoice(r.RuleID)} />
              {offerText(r)}
            </label>
          ))}
          {(rules.data?.length ?? 0) > 0 && (
            <label className="choice">
              <input type="radio" name="recharge" value="other" checked={choice === 'other'} onChange={() => setChoice('other')} />
              <FormattedMessage {...messages.other} />
            </label>
          )}
        </fieldset>
        {other && (
          <div className="field">
            <label htmlFor={amountId}>
              <FormattedMessage {...messages.amountLabel} />
            </label>
            <input
              id={amountId}
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
          </div>
        )}
        {error && (
          <p id={errorId} role="alert" className="field-error">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={starting.isLoading}>
          <FormattedMessage {...(starting.isLoading ? messages.starting : messages.submit)} />
        </button>
      </form>
    </section>
  );
}
