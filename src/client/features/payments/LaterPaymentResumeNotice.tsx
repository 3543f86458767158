/**
 * The payment-resume notice as a chunk of its own ("payment-resume"): a page that shows it only while a provider
 * payment is open loads its code then, not with every visit. Other features take it through the public module, so
 * the lazy import() stays inside this feature (eslint.config.mjs holds lazy imports to the feature boundaries too).
 */
import { lazy } from 'react';
import { loadLaterMessages } from '../../i18n/laterMessages';

// Its texts (payment.*, validation.*) are in the later part of the locale (i18n/messageParts.ts): they load with it.
export const LaterPaymentResumeNotice = lazy(() =>
  Promise.all([import(/* webpackChunkName: "payment-resume" */ './PaymentResumeNotice'), loadLaterMessages()]).then(([m]) => ({
    default: m.PaymentResumeNotice,
  })),
);
