/**
 * The member's pages for a guest or a signed-out customer (SPEC section 5):
 * 'Operation not allowed without logging-in.' and the way to the phone
 * sign-in, which comes back here afterwards.
 */
import { FormattedMessage } from 'react-intl';
import { Link } from '../ui/links';
import { pathOf } from '../app/paths';
import { defineMessages } from '../i18n/defineMessages';
import { validation } from '../i18n/specMessages';

export const signInMessages = defineMessages({
  signIn: { id: 'member.signIn', defaultMessage: 'Sign in' },
});

/** The phone sign-in page, coming back to `back` afterwards. */
export function signInPath(back: string): string {
  return `${pathOf('loginByCode')}?redirect=${encodeURIComponent(back).replace(/%2F/gi, '/')}`;
}

export function SignInPrompt({ back }: { back: string }) {
  return (
    <div className="sign-in-prompt">
      <p role="alert">
        <FormattedMessage {...validation.loginRequired} />
      </p>
      <Link className="btn btn-primary btn-block" to={signInPath(back)}>
        <FormattedMessage {...signInMessages.signIn} />
      </Link>
    </div>
  );
}
