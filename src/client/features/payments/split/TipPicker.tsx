/**
 * A tip, where the outlet offers one (issue 28 section 2): never
 * preselected ("No tip" is), 5, 10 or 15 % of what this payer pays, or an
 * amount of their own. No service charge is taken on a tip, and it goes to
 * this payment only. The service refuses more than 30 % of the payment
 * (orderTotals.maxTipMinor); so does this picker, saying the most it takes.
 */
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { minorToString, toMinor } from '../../../../shared/domain/numbers';
import {
  maxTipMinor,
  TIP_PERCENTS,
  tipOfPercentMinor,
} from '../../../../shared/domain/orderTotals';
import { defineMessages } from '../../../i18n/defineMessages';
import { useMoney } from '../../../ui/money';

const messages = defineMessages({
  legend: { id: 'tip.legend', defaultMessage: 'Add a tip?' },
  none: { id: 'tip.none', defaultMessage: 'No tip' },
  percent: { id: 'tip.percent', defaultMessage: '{percent} ({amount})' },
  custom: { id: 'tip.custom', defaultMessage: 'Other amount' },
  customLabel: { id: 'tip.customLabel', defaultMessage: 'Tip amount' },
  tooHigh: { id: 'tip.tooHigh', defaultMessage: 'A tip can be at most {max}.' },
  invalid: { id: 'tip.invalid', defaultMessage: 'Enter the tip as an amount, e.g. 20 or 12.50.' },
  noService: {
    id: 'tip.noService',
    defaultMessage: 'No service charge is added to a tip; it goes with your payment only.',
  },
});

/** 'none', a percentage ('5', '10', '15') or 'custom'. */
export interface TipValue {
  choice: string;
  custom: string;
}

export const NO_TIP: TipValue = { choice: 'none', custom: '' };

export type TipAmount =
  { ok: true; minor: number } | { ok: false; problem: 'tooHigh' | 'invalid'; maxMinor: number };

/** The tip chosen on a payment of `amountMinor`, or why it cannot be taken. */
export function tipAmount(value: TipValue, amountMinor: number, scale: number): TipAmount {
  const maxMinor = maxTipMinor(amountMinor);
  if (value.choice === 'none') return { ok: true, minor: 0 };
  let minor: number;
  if (value.choice === 'custom') {
    try {
      minor = toMinor(value.custom.trim() || '0', scale);
    } catch {
      return { ok: false, problem: 'invalid', maxMinor };
    }
    if (minor < 0) return { ok: false, problem: 'invalid', maxMinor };
  } else {
    minor = tipOfPercentMinor(amountMinor, Number(value.choice));
  }
  return minor > maxMinor ? { ok: false, problem: 'tooHigh', maxMinor } : { ok: true, minor };
}

export function TipPicker({
  amountMinor,
  value,
  onChange,
}: {
  amountMinor: number;
  value: TipValue;
  onChange: (v: TipValue) => void;
}) {
  const intl = useIntl();
  const money = useMoney();
  const scale = money.formats.AmoPoint;
  const id = useId();
  const show = (minor: number) => money.amount(minorToString(minor, scale));
  const tip = tipAmount(value, amountMinor, scale);
  const choices: { key: string; label: string }[] = [
    { key: 'none', label: intl.formatMessage(messages.none) },
    ...TIP_PERCENTS.map((p) => ({
      key: String(p),
      label: intl.formatMessage(messages.percent, {
        percent: intl.formatNumber(p / 100, { style: 'percent' }),
        amount: show(tipOfPercentMinor(amountMinor, p)),
      }),
    })),
    { key: 'custom', label: intl.formatMessage(messages.custom) },
  ];
  return (
    <fieldset className="choice-group tip-picker">
      <legend>
        <FormattedMessage {...messages.legend} />
      </legend>
      {choices.map((c) => (
        <label key={c.key} className={`chip${value.choice === c.key ? ' chosen' : ''}`}>
          <input
            type="radio"
            name={`${id}-tip`}
            value={c.key}
            checked={value.choice === c.key}
            onChange={() => onChange({ ...value, choice: c.key })}
          />
          {c.label}
        </label>
      ))}
      {value.choice === 'custom' && (
        <label className="field" style={{ flexBasis: '100%' }}>
          <span>
            <FormattedMessage {...messages.customLabel} />
          </span>
          <input
            type="text"
            inputMode="decimal"
            value={value.custom}
            onChange={(e) => onChange({ ...value, custom: e.target.value })}
            aria-invalid={!tip.ok || undefined}
            aria-describedby={!tip.ok ? `${id}-tip-error` : undefined}
          />
        </label>
      )}
      {!tip.ok && (
        <p
          id={`${id}-tip-error`}
          role="alert"
          className="field-error"
          style={{ flexBasis: '100%' }}
        >
          {tip.problem === 'tooHigh' ? (
            <FormattedMessage {...messages.tooHigh} values={{ max: show(tip.maxMinor) }} />
          ) : (
            <FormattedMessage {...messages.invalid} />
          )}
        </p>
      )}
      <p className="muted" style={{ flexBasis: '100%', margin: 0, fontSize: 13 }}>
        <FormattedMessage {...messages.noService} />
      </p>
    </fieldset>
  );
}
