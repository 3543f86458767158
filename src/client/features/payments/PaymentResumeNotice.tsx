/**
 * 'You have a payment in progress': shown on home and the menu when the app
 * opens while a provider payment it started is still open (the customer
 * left the provider's page without coming back), leading to paying.
 */
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../ui/links';
import { defineMessages } from '../../i18n/defineMessages';
import { forgetInflightPayment, inflightPayment, type InflightPayment } from './inflightPayment';
import { payingPath } from './payForSheet';
import { paymentsApi } from './paymentsApi';

const messages = defineMessages({
  inProgress: { id: 'payment.inProgress', defaultMessage: 'You have a payment in progress' },
  resume: { id: 'payment.resume', defaultMessage: 'View payment' },
  dismiss: { id: 'payment.dismiss', defaultMessage: 'Dismiss' },
});

export function PaymentResumeNotice() {
  const intl = useIntl();
  const [payment, setPayment] = useState<InflightPayment | null>(() => inflightPayment());
  const status = paymentsApi.usePaymentStatusQuery(payment ? { SheetID: payment.SheetID, PayID: payment.PayID } : skipToken, {
    refetchOnMountOrArgChange: true,
  });
  const outcome = status.data?.status;
  // The payment has an outcome after all: nothing to resume.
  useEffect(() => {
    if (outcome && outcome !== 'pending') {
      forgetInflightPayment();
      setPayment(null);
    }
  }, [outcome]);
  if (!payment || (outcome && outcome !== 'pending')) return null;
  return (
    <aside className="resume-payment" role="status" aria-label={intl.formatMessage(messages.inProgress)}>
      <span>
        <FormattedMessage {...messages.inProgress} />
      </span>
      <Link className="btn btn-primary btn-small" to={payingPath(payment.SheetID, payment.PayID)}>
        <FormattedMessage {...messages.resume} />
      </Link>
      <button
        type="button"
        className="icon-button"
        aria-label={intl.formatMessage(messages.dismiss)}
        onClick={() => {
          forgetInflightPayment();
          setPayment(null);
        }}
      >
        ×
      </button>
    </aside>
  );
}
