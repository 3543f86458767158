/** Coupon plans: the list with their counts, a form to create or edit one (with its version), codes generated and exported. */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { PlanJson } from '../../../shared/protocol/staffLoyalty';
import { defineMessages } from '../../../ui-kit/defineMessages';
import { amountText } from '../../../ui-kit/format';
import { localName } from '../../../ui-kit/localName';
import type { Outlet } from '../../api';
import type { StaffLocale } from '../../i18n/locale';
import { BackOfficeError, routeUrl, staffCall } from '../staffCall';
import { Field } from './Field';
import { commonMessages } from './messages';
import { planProblems, type PlanForm, type Problems } from './validate';

const m = defineMessages({
  title: { id: 'staff.loyalty.plans.title', defaultMessage: 'Coupon plans' },
  create: { id: 'staff.loyalty.plans.create', defaultMessage: 'Create plan' },
  edit: { id: 'staff.loyalty.plans.edit', defaultMessage: 'Edit' },
  editing: { id: 'staff.loyalty.plans.editing', defaultMessage: 'Editing {name}' },
  cancelEdit: { id: 'staff.loyalty.plans.cancelEdit', defaultMessage: 'Cancel editing' },
  name: { id: 'staff.loyalty.plans.name', defaultMessage: 'Name (simplified Chinese)' },
  nameTw: { id: 'staff.loyalty.plans.nameTw', defaultMessage: 'Name (traditional Chinese)' },
  nameEn: { id: 'staff.loyalty.plans.nameEn', defaultMessage: 'Name (English)' },
  type: { id: 'staff.loyalty.plans.type', defaultMessage: 'Type' },
  type1: { id: 'staff.loyalty.plans.type1', defaultMessage: 'Cash' },
  type2: { id: 'staff.loyalty.plans.type2', defaultMessage: 'Discount' },
  type3: { id: 'staff.loyalty.plans.type3', defaultMessage: 'Voucher' },
  faceValue: { id: 'staff.loyalty.plans.faceValue', defaultMessage: 'Value (amount, or percent paid for a discount)' },
  minAmount: { id: 'staff.loyalty.plans.minAmount', defaultMessage: 'Minimum spend' },
  validDays: { id: 'staff.loyalty.plans.validDays', defaultMessage: 'Valid for (days)' },
  stock: { id: 'staff.loyalty.plans.stock', defaultMessage: 'Stock (empty: no limit)' },
  perMemberLimit: { id: 'staff.loyalty.plans.perMemberLimit', defaultMessage: 'Per member' },
  beginDate: { id: 'staff.loyalty.plans.beginDate', defaultMessage: 'First day' },
  endDate: { id: 'staff.loyalty.plans.endDate', defaultMessage: 'Last day' },
  outlets: { id: 'staff.loyalty.plans.outlets', defaultMessage: 'Outlets (none ticked: every outlet)' },
  codes: { id: 'staff.loyalty.plans.codes', defaultMessage: 'Codes' },
  claimed: { id: 'staff.loyalty.plans.claimed', defaultMessage: 'Claimed' },
  used: { id: 'staff.loyalty.plans.used', defaultMessage: 'Used' },
  actions: { id: 'staff.loyalty.plans.actions', defaultMessage: 'Actions' },
  count: { id: 'staff.loyalty.plans.count', defaultMessage: 'Number of codes' },
  generate: { id: 'staff.loyalty.plans.generate', defaultMessage: 'Generate codes' },
  generated: { id: 'staff.loyalty.plans.generated', defaultMessage: '{count, plural, one {# new code} other {# new codes}} for {name}' },
  export: { id: 'staff.loyalty.plans.export', defaultMessage: 'Export codes' },
  countProblem: { id: 'staff.loyalty.plans.countProblem', defaultMessage: 'From 1 to 1000 codes.' },
  none: { id: 'staff.loyalty.plans.none', defaultMessage: 'No coupon plans yet.' },
});

const EMPTY: PlanForm = { name: '', nameTw: '', nameEn: '', cardType: '1', faceValue: '', minAmount: '', validDays: '30', stock: '', perMemberLimit: '1', beginDate: '', endDate: '', outlets: [] };

const formOf = (p: PlanJson): PlanForm => ({
  name: p.name,
  nameTw: p.nameTw,
  nameEn: p.nameEn,
  cardType: String(p.cardType) as PlanForm['cardType'],
  faceValue: p.faceValue,
  minAmount: p.minAmount,
  validDays: String(p.validDays),
  stock: p.stock === null ? '' : String(p.stock),
  perMemberLimit: String(p.perMemberLimit),
  beginDate: p.beginDate ?? '',
  endDate: p.endDate ?? '',
  outlets: p.outlets,
});

const bodyOf = (f: PlanForm) => ({
  name: f.name.trim(),
  nameTw: f.nameTw.trim(),
  nameEn: f.nameEn.trim(),
  cardType: Number(f.cardType) as 1 | 2 | 3,
  faceValue: f.faceValue.trim(),
  minAmount: f.minAmount.trim() || '0',
  validDays: Number(f.validDays),
  stock: f.stock.trim() ? Number(f.stock) : null,
  perMemberLimit: Number(f.perMemberLimit),
  beginDate: f.beginDate || null,
  endDate: f.endDate || null,
  outlets: f.outlets,
});

export function PlansPanel({ locale, outlets }: { locale: StaffLocale; outlets: Outlet[] }) {
  const intl = useIntl();
  const [plans, setPlans] = useState<PlanJson[] | null>(null);
  const [form, setForm] = useState<PlanForm>(EMPTY);
  const [editing, setEditing] = useState<{ planId: string; version: number } | null>(null);
  const [problems, setProblems] = useState<Problems<keyof PlanForm>>({});
  const [note, setNote] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [counts, setCounts] = useState<Record<string, string>>({});
  const [fresh, setFresh] = useState<{ name: string; codes: string[] } | null>(null);

  const load = useCallback(async () => {
    try {
      setPlans((await staffCall('GET /staff/loyalty/plans', {}, locale)).plans);
    } catch (err) {
      setNote({ kind: 'error', text: intl.formatMessage(commonMessages.failed, { reason: err instanceof Error ? err.message : '' }) });
    }
  }, [locale, intl]);
  useEffect(() => {
    void load();
  }, [load]);

  const failure = (err: unknown) =>
    err instanceof BackOfficeError && err.status === 403 ? intl.formatMessage(commonMessages.forbidden) : intl.formatMessage(commonMessages.failed, { reason: err instanceof Error ? err.message : '' });

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found = planProblems(form);
    setProblems(found);
    setNote(null);
    if (Object.keys(found).length > 0) return;
    try {
      if (editing) await staffCall('PUT /staff/loyalty/plans/:id', { params: { id: editing.planId }, body: { ...bodyOf(form), version: editing.version } }, locale);
      else await staffCall('POST /staff/loyalty/plans', { body: bodyOf(form) }, locale);
      setForm(EMPTY);
      setEditing(null);
      setNote({ kind: 'ok', text: intl.formatMessage(commonMessages.saved) });
      await load();
    } catch (err) {
      const current = err instanceof BackOfficeError && err.status === 409 ? (err.body.current as { plan?: PlanJson } | undefined)?.plan : undefined;
      if (current) {
        setForm(formOf(current));
        setEditing({ planId: current.planId, version: current.version });
        setNote({ kind: 'error', text: intl.formatMessage(commonMessages.conflict) });
        await load();
      } else setNote({ kind: 'error', text: failure(err) });
    }
  };

  const handleGenerate = async (plan: PlanJson) => {
    const count = Number(counts[plan.planId] ?? '');
    setNote(null);
    if (!Number.isInteger(count) || count < 1 || count > 1000) {
      setNote({ kind: 'error', text: intl.formatMessage(m.countProblem) });
      return;
    }
    try {
      const answer = await staffCall('POST /staff/loyalty/plans/:id/codes', { params: { id: plan.planId }, body: { count } }, locale);
      setFresh({ name: plan.name, codes: answer.codes });
      await load();
    } catch (err) {
      setNote({ kind: 'error', text: failure(err) });
    }
  };

  const set = (key: keyof PlanForm) => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value });
  const planName = (p: PlanJson) => localName({ zh: p.name, tw: p.nameTw, en: p.nameEn }, locale);
  const typeName = (t: number) => intl.formatMessage(t === 2 ? m.type2 : t === 3 ? m.type3 : m.type1);

  return (
    <section aria-labelledby="plans-title">
      <h3 id="plans-title">
        <FormattedMessage {...m.title} />
      </h3>
      {plans && plans.length === 0 && (
        <p>
          <FormattedMessage {...m.none} />
        </p>
      )}
      {plans && plans.length > 0 && (
        <table className="report-table">
          <caption>
            <FormattedMessage {...m.title} />
          </caption>
          <thead>
            <tr>
              {[m.name, m.type, m.faceValue, m.minAmount, m.validDays, m.stock, m.codes, m.claimed, m.used, m.actions].map((h) => (
                <th key={h.id} scope="col">
                  <FormattedMessage {...h} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {plans.map((p) => (
              <tr key={p.planId}>
                <th scope="row">{planName(p)}</th>
                <td>{typeName(p.cardType)}</td>
                <td>{p.cardType === 2 ? `${Number(p.faceValue)}%` : amountText(p.faceValue, locale)}</td>
                <td>{amountText(p.minAmount, locale)}</td>
                <td>{p.validDays}</td>
                <td>{p.stock ?? '∞'}</td>
                <td>{p.codes}</td>
                <td>{p.claimed}</td>
                <td>{p.used}</td>
                <td className="actions">
                  <button
                    type="button"
                    className="btn"
                    onClick={() => {
                      setForm(formOf(p));
                      setEditing({ planId: p.planId, version: p.version });
                      setProblems({});
                    }}
                  >
                    <FormattedMessage {...m.edit} />
                  </button>
                  <label htmlFor={`codes-${p.planId}`}>
                    <FormattedMessage {...m.count} />
                  </label>
                  <input
                    id={`codes-${p.planId}`}
                    type="number"
                    min={1}
                    max={1000}
                    inputMode="numeric"
                    value={counts[p.planId] ?? ''}
                    onChange={(e) => setCounts({ ...counts, [p.planId]: e.target.value })}
                  />
                  <button type="button" className="btn" onClick={() => void handleGenerate(p)}>
                    <FormattedMessage {...m.generate} />
                  </button>
                  <a className="btn" href={routeUrl('GET /staff/loyalty/plans/:id/codes', { params: { id: p.planId }, query: { format: 'csv' } })} download>
                    <FormattedMessage {...m.export} />
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {fresh && (
        <div className="codes">
          <h4 id="fresh-codes">
            <FormattedMessage {...m.generated} values={{ count: fresh.codes.length, name: fresh.name }} />
          </h4>
          <ul aria-labelledby="fresh-codes">
            {fresh.codes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ul>
        </div>
      )}
      <form className="plan-form" onSubmit={handleSubmit} noValidate aria-labelledby="plan-form-title">
        <h4 id="plan-form-title">{editing ? intl.formatMessage(m.editing, { name: form.name }) : intl.formatMessage(m.create)}</h4>
        <Field id="plan-name" label={m.name} value={form.name} onChange={set('name')} problem={problems.name} maxLength={60} />
        <Field id="plan-name-tw" label={m.nameTw} value={form.nameTw} onChange={set('nameTw')} maxLength={60} />
        <Field id="plan-name-en" label={m.nameEn} value={form.nameEn} onChange={set('nameEn')} maxLength={60} />
        <div className="field">
          <label htmlFor="plan-type">
            <FormattedMessage {...m.type} />
          </label>
          <select id="plan-type" value={form.cardType} onChange={set('cardType')}>
            <option value="1">{intl.formatMessage(m.type1)}</option>
            <option value="2">{intl.formatMessage(m.type2)}</option>
            <option value="3">{intl.formatMessage(m.type3)}</option>
          </select>
        </div>
        <Field id="plan-value" label={m.faceValue} value={form.faceValue} onChange={set('faceValue')} problem={problems.faceValue} inputMode="decimal" />
        <Field id="plan-min" label={m.minAmount} value={form.minAmount} onChange={set('minAmount')} problem={problems.minAmount} inputMode="decimal" />
        <Field id="plan-days" label={m.validDays} value={form.validDays} onChange={set('validDays')} problem={problems.validDays} inputMode="numeric" />
        <Field id="plan-stock" label={m.stock} value={form.stock} onChange={set('stock')} problem={problems.stock} inputMode="numeric" />
        <Field id="plan-limit" label={m.perMemberLimit} value={form.perMemberLimit} onChange={set('perMemberLimit')} problem={problems.perMemberLimit} inputMode="numeric" />
        <Field id="plan-begin" label={m.beginDate} type="date" value={form.beginDate} onChange={set('beginDate')} problem={problems.beginDate} />
        <Field id="plan-end" label={m.endDate} type="date" value={form.endDate} onChange={set('endDate')} problem={problems.endDate} />
        <fieldset>
          <legend>
            <FormattedMessage {...m.outlets} />
          </legend>
          {outlets.map((o) => (
            <label key={o.baseId} className="check">
              <input
                type="checkbox"
                checked={form.outlets.includes(o.baseId)}
                onChange={(e) => setForm({ ...form, outlets: e.target.checked ? [...form.outlets, o.baseId] : form.outlets.filter((x) => x !== o.baseId) })}
              />
              {localName({ zh: o.name, tw: o.nameTw, en: o.nameEn }, locale)}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="btn btn-primary">
          {editing ? intl.formatMessage(commonMessages.save) : intl.formatMessage(m.create)}
        </button>
        {editing && (
          <button
            type="button"
            className="btn"
            onClick={() => {
              setEditing(null);
              setForm(EMPTY);
              setProblems({});
            }}
          >
            <FormattedMessage {...m.cancelEdit} />
          </button>
        )}
        {note && (
          <p role={note.kind === 'error' ? 'alert' : 'status'} className={note.kind === 'error' ? 'error' : 'ok'}>
            {note.text}
          </p>
        )}
      </form>
    </section>
  );
}
