/**
 * "Email me the receipt" on a paid order's page (issue 29 section 4): the
 * address (a member's saved one to start with), the company title and number
 * a business asks for (optional), and for a member the choice to get every
 * receipt by mail. The service renders the receipt in the page's language and
 * sends it; a refusal (a bad address, too many mails) is told here in the
 * customer's language.
 */
import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { EMAIL_MAX, normalizeEmail } from '../../../shared/domain/email';
import { isGatewayError } from '../../app/errorListener';
import { defineMessages } from '../../i18n/defineMessages';
import { useIsMember } from '../../session';
import { receiptApi } from './receiptApi';

const messages = defineMessages({
  open: { id: 'receiptMail.open', defaultMessage: 'Email me the receipt' },
  title: { id: 'receiptMail.title', defaultMessage: 'Receipt by email' },
  email: { id: 'receiptMail.email', defaultMessage: 'Email address' },
  company: { id: 'receiptMail.company', defaultMessage: 'Company title (optional)' },
  taxNo: { id: 'receiptMail.taxNo', defaultMessage: 'Company number (optional)' },
  auto: { id: 'receiptMail.auto', defaultMessage: 'Email me every receipt automatically' },
  send: { id: 'receiptMail.send', defaultMessage: 'Send the receipt' },
  sending: { id: 'receiptMail.sending', defaultMessage: 'Sending…' },
  close: { id: 'receiptMail.close', defaultMessage: 'Close' },
  badEmail: { id: 'receiptMail.badEmail', defaultMessage: 'Please enter a valid email address, e.g. name@example.com.' },
  sent: { id: 'receiptMail.sent', defaultMessage: 'The receipt is on its way to {email}.' },
  sentAuto: { id: 'receiptMail.sentAuto', defaultMessage: 'Every receipt will also be emailed to {email}.' },
  failed: { id: 'receiptMail.failed', defaultMessage: 'The receipt could not be sent. Please try again.' },
});

export function ReceiptMail({ SheetID }: { SheetID: string }) {
  const [open, setOpen] = useState(false);
  const [sentTo, setSentTo] = useState<{ email: string; auto: boolean } | null>(null);
  if (!open)
    return (
      <div className="receipt-mail">
        {sentTo && (
          <p role="status" className="muted">
            <FormattedMessage {...messages.sent} values={{ email: sentTo.email }} />
            {sentTo.auto && (
              <>
                {' '}
                <FormattedMessage {...messages.sentAuto} values={{ email: sentTo.email }} />
              </>
            )}
          </p>
        )}
        <button type="button" className="btn btn-block" onClick={() => setOpen(true)}>
          <FormattedMessage {...messages.open} />
        </button>
      </div>
    );
  return (
    <ReceiptForm
      SheetID={SheetID}
      onClose={() => setOpen(false)}
      onSent={(sent) => {
        setSentTo(sent);
        setOpen(false);
      }}
    />
  );
}

function ReceiptForm({ SheetID, onClose, onSent }: { SheetID: string; onClose: () => void; onSent: (sent: { email: string; auto: boolean }) => void }) {
  const intl = useIntl();
  const member = useIsMember();
  const pref = receiptApi.useReceiptPrefQuery(undefined, { skip: !member });
  const [mail, sending] = receiptApi.useMailReceiptMutation();
  const [edited, setEdited] = useState<{ email?: string; title?: string; taxNo?: string; auto?: boolean }>({});
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { heading: useId(), email: useId(), title: useId(), taxNo: useId(), auto: useId(), problem: useId() };
  // The member's saved choice fills what the customer has not typed; until it is read the fields wait, so
  // it never lands in the middle of what they are typing.
  const waiting = member && pref.isLoading;
  const email = edited.email ?? pref.data?.email ?? '';
  const title = edited.title ?? pref.data?.title ?? '';
  const taxNo = edited.taxNo ?? pref.data?.taxNo ?? '';
  const auto = edited.auto ?? pref.data?.auto ?? false;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const address = normalizeEmail(email);
    if (!address) {
      setProblem(intl.formatMessage(messages.badEmail));
      return;
    }
    setProblem(null);
    const result = await mail({
      SheetID,
      Email: address,
      ...(title.trim() ? { Title: title.trim() } : {}),
      ...(taxNo.trim() ? { TaxNo: taxNo.trim() } : {}),
      ...(member ? { Auto: auto ? 1 : 0 } : {}),
    });
    if ('error' in result) {
      setProblem(isGatewayError(result.error) && result.error.kind === 'business' ? result.error.message : intl.formatMessage(messages.failed));
      return;
    }
    onSent(result.data);
  };

  return (
    <form className="panel receipt-mail" aria-labelledby={ids.heading} aria-busy={waiting || undefined} onSubmit={(e) => void submit(e)} noValidate>
      <h2 id={ids.heading}>
        <FormattedMessage {...messages.title} />
      </h2>
      <div className="field">
        <label htmlFor={ids.email}>
          <FormattedMessage {...messages.email} />
        </label>
        <input
          id={ids.email}
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={EMAIL_MAX}
          disabled={waiting}
          value={email}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? ids.problem : undefined}
          onChange={(e) => setEdited((s) => ({ ...s, email: e.target.value }))}
        />
      </div>
      <div className="field">
        <label htmlFor={ids.title}>
          <FormattedMessage {...messages.company} />
        </label>
        <input id={ids.title} type="text" autoComplete="organization" maxLength={100} disabled={waiting} value={title} onChange={(e) => setEdited((s) => ({ ...s, title: e.target.value }))} />
      </div>
      <div className="field">
        <label htmlFor={ids.taxNo}>
          <FormattedMessage {...messages.taxNo} />
        </label>
        <input id={ids.taxNo} type="text" maxLength={40} disabled={waiting} value={taxNo} onChange={(e) => setEdited((s) => ({ ...s, taxNo: e.target.value }))} />
      </div>
      {member && (
        <label className="check" htmlFor={ids.auto}>
          <input id={ids.auto} type="checkbox" disabled={waiting} checked={auto} onChange={(e) => setEdited((s) => ({ ...s, auto: e.target.checked }))} />
          <FormattedMessage {...messages.auto} />
        </label>
      )}
      {problem && (
        <p id={ids.problem} role="alert" className="field-error">
          {problem}
        </p>
      )}
      <div className="stack">
        <button type="submit" className="btn btn-primary btn-block" disabled={sending.isLoading || waiting} aria-busy={sending.isLoading || undefined}>
          <FormattedMessage {...(sending.isLoading ? messages.sending : messages.send)} />
        </button>
        <button type="button" className="btn btn-block" onClick={onClose}>
          <FormattedMessage {...messages.close} />
        </button>
      </div>
    </form>
  );
}
