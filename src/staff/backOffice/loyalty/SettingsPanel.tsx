/** The points rule and the top-up limits (saved together, with their version) and the top-up rules (pay X get Y). */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { LoyaltySettingsJson, RechargeRuleJson } from '../../../shared/protocol/staffLoyalty';
import { defineMessages } from '../../../ui-kit/defineMessages';
import { amountText } from '../../../ui-kit/format';
import type { StaffLocale } from '../../i18n/locale';
import { BackOfficeError, staffCall } from '../staffCall';
import { Field } from './Field';
import { commonMessages } from './messages';
import { ruleProblems, settingsProblems, type Problems, type SettingsForm } from './validate';

const m = defineMessages({
  title: { id: 'staff.loyalty.settings.title', defaultMessage: 'Points and top-ups' },
  scoreUnit: { id: 'staff.loyalty.settings.scoreUnit', defaultMessage: 'Amount paid per point (0: no points)' },
  rechargeMin: { id: 'staff.loyalty.settings.rechargeMin', defaultMessage: 'Least top-up' },
  rechargeMax: { id: 'staff.loyalty.settings.rechargeMax', defaultMessage: 'Greatest top-up' },
  rules: { id: 'staff.loyalty.rules.title', defaultMessage: 'Top-up rules' },
  amount: { id: 'staff.loyalty.rules.amount', defaultMessage: 'Pay' },
  gift: { id: 'staff.loyalty.rules.gift', defaultMessage: 'Get extra' },
  state: { id: 'staff.loyalty.rules.state', defaultMessage: 'State' },
  offered: { id: 'staff.loyalty.rules.offered', defaultMessage: 'Offered' },
  off: { id: 'staff.loyalty.rules.off', defaultMessage: 'Not offered' },
  turnOff: { id: 'staff.loyalty.rules.turnOff', defaultMessage: 'Stop offering' },
  turnOn: { id: 'staff.loyalty.rules.turnOn', defaultMessage: 'Offer again' },
  add: { id: 'staff.loyalty.rules.add', defaultMessage: 'Add rule' },
});

export function SettingsPanel({ locale }: { locale: StaffLocale }) {
  const intl = useIntl();
  const [settings, setSettings] = useState<LoyaltySettingsJson | null>(null);
  const [form, setForm] = useState<SettingsForm>({ scoreUnit: '', rechargeMin: '', rechargeMax: '' });
  const [problems, setProblems] = useState<Problems<keyof SettingsForm>>({});
  const [rules, setRules] = useState<RechargeRuleJson[]>([]);
  const [rule, setRule] = useState({ amount: '', gift: '' });
  const [ruleIssues, setRuleIssues] = useState<Problems<'amount' | 'gift'>>({});
  const [note, setNote] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);

  const show = useCallback((s: LoyaltySettingsJson) => {
    setSettings(s);
    setForm({ scoreUnit: s.scoreUnit, rechargeMin: s.rechargeMin, rechargeMax: s.rechargeMax });
  }, []);
  const load = useCallback(async () => {
    const answer = await staffCall('GET /staff/loyalty/settings', {}, locale);
    show(answer.settings);
    setRules(answer.rules);
  }, [locale, show]);
  useEffect(() => {
    load().catch((err: unknown) => setNote({ kind: 'error', text: intl.formatMessage(commonMessages.failed, { reason: err instanceof Error ? err.message : '' }) }));
  }, [load, intl]);

  const failure = (err: unknown) => {
    if (err instanceof BackOfficeError && err.status === 409) return intl.formatMessage(commonMessages.conflict);
    if (err instanceof BackOfficeError && err.status === 403) return intl.formatMessage(commonMessages.forbidden);
    return intl.formatMessage(commonMessages.failed, { reason: err instanceof Error ? err.message : '' });
  };

  const handleSettings = async (e: FormEvent) => {
    e.preventDefault();
    const found = settingsProblems(form);
    setProblems(found);
    setNote(null);
    if (!settings || Object.keys(found).length > 0) return;
    try {
      show((await staffCall('PUT /staff/loyalty/settings', { body: { ...form, version: settings.version } }, locale)).settings);
      setNote({ kind: 'ok', text: intl.formatMessage(commonMessages.saved) });
    } catch (err) {
      const current = err instanceof BackOfficeError ? (err.body.current as { settings?: LoyaltySettingsJson } | undefined)?.settings : undefined;
      if (current) show(current);
      setNote({ kind: 'error', text: failure(err) });
    }
  };

  const handleRule = async (e: FormEvent) => {
    e.preventDefault();
    const found = ruleProblems(rule);
    setRuleIssues(found);
    setNote(null);
    if (Object.keys(found).length > 0) return;
    try {
      await staffCall('POST /staff/loyalty/recharge-rules', { body: { amount: rule.amount.trim(), gift: rule.gift.trim() } }, locale);
      setRule({ amount: '', gift: '' });
      await load();
    } catch (err) {
      setNote({ kind: 'error', text: failure(err) });
    }
  };

  const handleToggle = async (r: RechargeRuleJson) => {
    setNote(null);
    try {
      await staffCall('PUT /staff/loyalty/recharge-rules/:id', { params: { id: r.ruleId }, body: { amount: r.amount, gift: r.gift, sort: r.sort, disabled: !r.disabled, version: r.version } }, locale);
    } catch (err) {
      setNote({ kind: 'error', text: failure(err) });
    }
    await load();
  };

  return (
    <section aria-labelledby="loyalty-settings-title">
      <h3 id="loyalty-settings-title">
        <FormattedMessage {...m.title} />
      </h3>
      <form onSubmit={handleSettings} noValidate>
        <Field id="score-unit" label={m.scoreUnit} value={form.scoreUnit} onChange={(e) => setForm({ ...form, scoreUnit: e.target.value })} problem={problems.scoreUnit} inputMode="decimal" />
        <Field id="recharge-min" label={m.rechargeMin} value={form.rechargeMin} onChange={(e) => setForm({ ...form, rechargeMin: e.target.value })} problem={problems.rechargeMin} inputMode="decimal" />
        <Field id="recharge-max" label={m.rechargeMax} value={form.rechargeMax} onChange={(e) => setForm({ ...form, rechargeMax: e.target.value })} problem={problems.rechargeMax} inputMode="decimal" />
        <button type="submit" className="btn btn-primary" disabled={!settings}>
          <FormattedMessage {...commonMessages.save} />
        </button>
      </form>
      <table className="report-table">
        <caption>
          <FormattedMessage {...m.rules} />
        </caption>
        <thead>
          <tr>
            {[m.amount, m.gift, m.state].map((h) => (
              <th key={h.id} scope="col">
                <FormattedMessage {...h} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rules.map((r) => (
            <tr key={r.ruleId}>
              <th scope="row">{amountText(r.amount, locale)}</th>
              <td>{amountText(r.gift, locale)}</td>
              <td>
                <FormattedMessage {...(r.disabled ? m.off : m.offered)} />{' '}
                <button type="button" className="btn" onClick={() => void handleToggle(r)}>
                  <FormattedMessage {...(r.disabled ? m.turnOn : m.turnOff)} />
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <form onSubmit={handleRule} noValidate aria-label={intl.formatMessage(m.add)}>
        <Field id="rule-amount" label={m.amount} value={rule.amount} onChange={(e) => setRule({ ...rule, amount: e.target.value })} problem={ruleIssues.amount} inputMode="decimal" />
        <Field id="rule-gift" label={m.gift} value={rule.gift} onChange={(e) => setRule({ ...rule, gift: e.target.value })} problem={ruleIssues.gift} inputMode="decimal" />
        <button type="submit" className="btn">
          <FormattedMessage {...m.add} />
        </button>
      </form>
      {note && (
        <p role={note.kind === 'error' ? 'alert' : 'status'} className={note.kind === 'error' ? 'error' : 'ok'}>
          {note.text}
        </p>
      )}
    </section>
  );
}
