/** The counter types or scans the member code the customer's vipQrCode page shows (it changes every minute) and sees the member. */
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { defineMessages } from '../../ui-kit/defineMessages';
import { amountText } from '../../ui-kit/format';
import { memberNameShown } from '../../shared/domain/memberName';
import { StaffError, type Member, type StaffApi } from '../api';
import type { StaffLocale } from '../i18n/locale';

const m = defineMessages({
  title: { id: 'staff.member.title', defaultMessage: 'Member lookup' },
  code: { id: 'staff.member.code', defaultMessage: 'Member code' },
  lookUp: { id: 'staff.member.lookUp', defaultMessage: 'Look up' },
  notFound: { id: 'staff.member.notFound', defaultMessage: 'No member has this code. Codes change every minute: ask for the current one.' },
  failed: { id: 'staff.member.failed', defaultMessage: 'The member could not be looked up. Try again.' },
  name: { id: 'staff.member.name', defaultMessage: 'Name' },
  unnamed: { id: 'staff.member.unnamed', defaultMessage: 'Member {phone}' },
  number: { id: 'staff.member.number', defaultMessage: 'Member number' },
  balance: { id: 'staff.member.balance', defaultMessage: 'Balance' },
  points: { id: 'staff.member.points', defaultMessage: 'Points' },
});

export function MemberLookup({ api, locale }: { api: StaffApi; locale: StaffLocale }) {
  const intl = useIntl();
  const [code, setCode] = useState('');
  const [member, setMember] = useState<Member | null>(null);
  const [error, setError] = useState('');

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    setMember(null);
    try {
      setMember(await api.member(code.trim()));
    } catch (err) {
      setError(intl.formatMessage(err instanceof StaffError && (err.status === 404 || err.status === 400) ? m.notFound : m.failed));
    }
  };

  return (
    <section className="member-lookup" aria-labelledby="member-title">
      <h2 id="member-title">
        <FormattedMessage {...m.title} />
      </h2>
      <form onSubmit={handleSubmit}>
        <label htmlFor="member-code">
          <FormattedMessage {...m.code} />
        </label>
        <input id="member-code" value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" required />
        <button type="submit" className="btn btn-primary" disabled={!code.trim()}>
          <FormattedMessage {...m.lookUp} />
        </button>
      </form>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {member && (
        <dl className="member">
          <dt>
            <FormattedMessage {...m.name} />
          </dt>
          <dd>{memberNameShown(member.VipName, member.Phone, (phone) => intl.formatMessage(m.unnamed, { phone }))}</dd>
          <dt>
            <FormattedMessage {...m.number} />
          </dt>
          <dd>{member.VipCode}</dd>
          <dt>
            <FormattedMessage {...m.balance} />
          </dt>
          <dd>
            {amountText(member.Balance, locale)}
          </dd>
          <dt>
            <FormattedMessage {...m.points} />
          </dt>
          <dd>
            {amountText(member.Score, locale, 0)}
          </dd>
        </dl>
      )}
    </section>
  );
}
