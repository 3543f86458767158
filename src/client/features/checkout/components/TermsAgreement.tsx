/** The privacy policy and terms: agreed with a check box, read on their page; an error until agreed once the customer tried to place the order. */
import { FormattedMessage, type MessageDescriptor } from 'react-intl';
import { Link } from '../../../ui/links';
import { pathOf } from '../../../app/paths';
import { defineMessages } from '../../../i18n/defineMessages';

const messages = defineMessages({
  agree: { id: 'checkout.agree', defaultMessage: 'I have read and agree to the privacy policy and terms of use' },
  readTerms: { id: 'checkout.readTerms', defaultMessage: 'Read the privacy policy and terms of use' },
});

export function TermsAgreement({ agreed, error, onChange }: { agreed: boolean; error?: MessageDescriptor; onChange: (agreed: boolean) => void }) {
  return (
    <section className="panel terms-row">
      <label className="check">
        <input type="checkbox" checked={agreed} onChange={(e) => onChange(e.target.checked)} aria-invalid={error ? true : undefined} />
        <FormattedMessage {...messages.agree} />
      </label>
      <Link to={pathOf('terms')}>
        <FormattedMessage {...messages.readTerms} />
      </Link>
      {error && (
        <p role="alert" className="field-error">
          <FormattedMessage {...error} />
        </p>
      )}
    </section>
  );
}
