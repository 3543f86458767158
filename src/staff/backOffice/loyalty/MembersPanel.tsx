/** Member look-up (balance, points, coupons, orders) and a manager's adjustment: a ledger row with a reason, approved with the person's PIN. */
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MemberDetailJson } from '../../../shared/protocol/staffLoyalty';
import { defineMessages } from '../../../ui-kit/defineMessages';
import { amountText } from '../../../ui-kit/format';
import type { StaffLocale } from '../../i18n/locale';
import { BackOfficeError, staffCall } from '../staffCall';
import { Field } from './Field';
import { commonMessages } from './messages';
import { adjustProblems, type Problems } from './validate';

const m = defineMessages({
  title: { id: 'staff.loyalty.members.title', defaultMessage: 'Members' },
  search: { id: 'staff.loyalty.members.search', defaultMessage: 'Phone, member number or name' },
  find: { id: 'staff.loyalty.members.find', defaultMessage: 'Find' },
  none: { id: 'staff.loyalty.members.none', defaultMessage: 'No member found.' },
  open: { id: 'staff.loyalty.members.open', defaultMessage: 'Open {name}' },
  balance: { id: 'staff.loyalty.members.balance', defaultMessage: 'Balance' },
  points: { id: 'staff.loyalty.members.points', defaultMessage: 'Points' },
  coupons: { id: 'staff.loyalty.members.coupons', defaultMessage: 'Coupons' },
  orders: { id: 'staff.loyalty.members.orders', defaultMessage: 'Orders' },
  ledger: { id: 'staff.loyalty.members.ledger', defaultMessage: 'Balance history' },
  adjust: { id: 'staff.loyalty.members.adjust', defaultMessage: 'Adjust' },
  kind: { id: 'staff.loyalty.members.kind', defaultMessage: 'What to adjust' },
  delta: { id: 'staff.loyalty.members.delta', defaultMessage: 'Change (negative takes off)' },
  reason: { id: 'staff.loyalty.members.reason', defaultMessage: 'Reason' },
  pin: { id: 'staff.loyalty.members.pin', defaultMessage: 'Your PIN' },
  adjusted: { id: 'staff.loyalty.members.adjusted', defaultMessage: 'Adjusted: a row was added to the member history.' },
  short: { id: 'staff.loyalty.members.short', defaultMessage: 'Type at least 2 characters.' },
  noName: { id: 'staff.loyalty.members.noName', defaultMessage: 'Member {phone}' },
});

export function MembersPanel({ locale }: { locale: StaffLocale }) {
  const intl = useIntl();
  const [q, setQ] = useState('');
  const [found, setFound] = useState<MemberDetailJson[] | { vipId: string; name: string; phone: string; balance: string; score: string }[] | null>(null);
  const [member, setMember] = useState<MemberDetailJson | null>(null);
  const [adjust, setAdjust] = useState<{ kind: 'balance' | 'points'; delta: string; reason: string; pin: string }>({ kind: 'balance', delta: '', reason: '', pin: '' });
  const [problems, setProblems] = useState<Problems<'delta' | 'reason' | 'pin'>>({});
  const [note, setNote] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);

  const nameOf = (x: { name: string; phone: string }) => x.name || intl.formatMessage(m.noName, { phone: x.phone });
  const failure = (err: unknown) => intl.formatMessage(commonMessages.failed, { reason: err instanceof Error ? err.message : '' });

  const handleFind = async (e: FormEvent) => {
    e.preventDefault();
    setNote(null);
    if (q.trim().length < 2) {
      setNote({ kind: 'error', text: intl.formatMessage(m.short) });
      return;
    }
    try {
      setFound((await staffCall('GET /staff/loyalty/members', { query: { q: q.trim() } }, locale)).members);
    } catch (err) {
      setNote({ kind: 'error', text: failure(err) });
    }
  };

  const open = async (vipId: string) => {
    setNote(null);
    try {
      setMember((await staffCall('GET /staff/loyalty/members/:id', { params: { id: vipId } }, locale)).member);
    } catch (err) {
      setNote({ kind: 'error', text: failure(err) });
    }
  };

  const handleAdjust = async (e: FormEvent) => {
    e.preventDefault();
    if (!member) return;
    const issues = adjustProblems(adjust);
    setProblems(issues);
    setNote(null);
    if (Object.keys(issues).length > 0) return;
    try {
      const answer = await staffCall('POST /staff/loyalty/members/:id/adjust', { params: { id: member.vipId }, body: { ...adjust, delta: adjust.delta.trim(), reason: adjust.reason.trim() } }, locale);
      setMember(answer.member);
      setAdjust({ kind: adjust.kind, delta: '', reason: '', pin: '' });
      setNote({ kind: 'ok', text: intl.formatMessage(m.adjusted) });
    } catch (err) {
      setAdjust({ ...adjust, pin: '' });
      setNote({ kind: 'error', text: err instanceof BackOfficeError && err.status !== 0 ? err.message : failure(err) });
    }
  };

  return (
    <section aria-labelledby="members-title">
      <h3 id="members-title">
        <FormattedMessage {...m.title} />
      </h3>
      <form onSubmit={handleFind} role="search">
        <label htmlFor="member-search">
          <FormattedMessage {...m.search} />
        </label>
        <input id="member-search" value={q} onChange={(e) => setQ(e.target.value)} autoComplete="off" />
        <button type="submit" className="btn">
          <FormattedMessage {...m.find} />
        </button>
      </form>
      {found && found.length === 0 && (
        <p>
          <FormattedMessage {...m.none} />
        </p>
      )}
      {found && found.length > 0 && (
        <ul className="members">
          {found.map((x) => (
            <li key={x.vipId}>
              <button type="button" className="btn" onClick={() => void open(x.vipId)}>
                {intl.formatMessage(m.open, { name: nameOf(x) })}
              </button>{' '}
              {x.phone} · {amountText(x.balance, locale)} · {x.score}
            </li>
          ))}
        </ul>
      )}
      {member && (
        <div className="member-detail">
          <h4>{nameOf(member)}</h4>
          <dl>
            <dt>
              <FormattedMessage {...m.balance} />
            </dt>
            <dd>{amountText(member.balance, locale)}</dd>
            <dt>
              <FormattedMessage {...m.points} />
            </dt>
            <dd>{member.score}</dd>
            <dt>
              <FormattedMessage {...m.coupons} />
            </dt>
            <dd>{member.coupons.map((c) => `${c.planName} (${c.code})`).join(', ') || '—'}</dd>
            <dt>
              <FormattedMessage {...m.orders} />
            </dt>
            <dd>{member.orders.map((o) => `${o.sheetId}: ${amountText(o.totalAmo, locale)}`).join(', ') || '—'}</dd>
          </dl>
          <table className="report-table">
            <caption>
              <FormattedMessage {...m.ledger} />
            </caption>
            <tbody>
              {member.balanceItems.map((i, n) => (
                <tr key={n}>
                  <th scope="row">{i.at.slice(0, 16).replace('T', ' ')}</th>
                  <td>{amountText(i.amount, locale)}</td>
                  <td>{amountText(i.balance, locale)}</td>
                  <td>{i.remark}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <form onSubmit={handleAdjust} noValidate aria-label={intl.formatMessage(m.adjust)}>
            <div className="field">
              <label htmlFor="adjust-kind">
                <FormattedMessage {...m.kind} />
              </label>
              <select id="adjust-kind" value={adjust.kind} onChange={(e) => setAdjust({ ...adjust, kind: e.target.value as 'balance' | 'points' })}>
                <option value="balance">{intl.formatMessage(m.balance)}</option>
                <option value="points">{intl.formatMessage(m.points)}</option>
              </select>
            </div>
            <Field id="adjust-delta" label={m.delta} value={adjust.delta} onChange={(e) => setAdjust({ ...adjust, delta: e.target.value })} problem={problems.delta} inputMode="decimal" />
            <Field id="adjust-reason" label={m.reason} value={adjust.reason} onChange={(e) => setAdjust({ ...adjust, reason: e.target.value })} problem={problems.reason} maxLength={200} />
            <Field id="adjust-pin" label={m.pin} type="password" inputMode="numeric" autoComplete="off" value={adjust.pin} onChange={(e) => setAdjust({ ...adjust, pin: e.target.value })} problem={problems.pin} />
            <button type="submit" className="btn btn-primary">
              <FormattedMessage {...m.adjust} />
            </button>
          </form>
        </div>
      )}
      {note && (
        <p role={note.kind === 'error' ? 'alert' : 'status'} className={note.kind === 'error' ? 'error' : 'ok'}>
          {note.text}
        </p>
      )}
    </section>
  );
}
