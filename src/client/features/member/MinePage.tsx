/**
 * Mine tab: the member's header (avatar, name, masked phone, balance, points
 * and coupons, each a way to its page), or for a guest or a signed-out
 * customer the way to sign in; then the language switch and the way to the
 * member's pages; for a member, Sign out (the service ends the session).
 */
import { useState } from 'react';
import { defineMessages } from '../../i18n/defineMessages';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../ui/links';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { languageChosenByUser } from '../../app/language';
import { pathOf, routeTitles } from '../../app/paths';
import { selectLocale, type Locale } from '../../app/uiSlice';
import { useMoney } from '../../ui/money';
import {
  selectMember,
  useSignOut,
  useMemberProfile,
  type MemberProfile,
  signInMessages,
  signInPath,
} from '../../session';
import { Avatar } from './Avatar';
import { maskPhone } from '../../../shared/domain/memberName';
import { useShownName } from './shownName';

const messages = defineMessages({
  language: { id: 'mine.language', defaultMessage: 'Language' },
  version: { id: 'mine.version', defaultMessage: 'Version {version}' },
  noPhone: { id: 'mine.noPhone', defaultMessage: 'No phone number yet' },
  phone: { id: 'mine.phone', defaultMessage: 'Phone {phone}' },
  balance: { id: 'mine.balance', defaultMessage: 'Balance' },
  points: { id: 'mine.points', defaultMessage: 'Points' },
  coupons: { id: 'mine.coupons', defaultMessage: 'Coupons' },
  guest: { id: 'mine.guest', defaultMessage: 'Sign in to see your balance, points and coupons.' },
  loading: { id: 'mine.loading', defaultMessage: 'Loading your details…' },
  signOut: { id: 'mine.signOut', defaultMessage: 'Sign out' },
  signingOut: { id: 'mine.signingOut', defaultMessage: 'Signing out…' },
  signedOut: { id: 'mine.signedOut', defaultMessage: 'You have signed out.' },
  signOutFailed: { id: 'mine.signOutFailed', defaultMessage: 'Could not sign out. Please check your connection and try again.' },
});

/** Each language's name in itself, as language pickers show them. */
const LANGUAGES: { locale: Locale; label: string }[] = [
  { locale: 'zh-CN', label: '简体中文' },
  { locale: 'zh-TW', label: '繁體中文' },
  { locale: 'en', label: 'English' },
];

const LINKS = ['vipBalance', 'vipScoreRecordList', 'couponsList', 'addressList', 'vipDetailsEdit', 'vipQrCode', 'clear'] as const;

/** A phone with its middle hidden: '66****56', '138****5678'. */
// The mask lives with the rule both programs share (shared/domain/memberName.ts).
export { maskPhone };

export default function MinePage() {
  const dispatch = useAppDispatch();
  const locale = useAppSelector(selectLocale);
  const intl = useIntl();
  return (
    <section className="mine">
      <MemberHeader />
      <fieldset className="language-switch">
        <legend>
          <FormattedMessage {...messages.language} />
        </legend>
        {LANGUAGES.map((l) => (
          <label key={l.locale} lang={l.locale}>
            <input
              type="radio"
              name="language"
              value={l.locale}
              checked={locale === l.locale}
              onChange={() => dispatch(languageChosenByUser(l.locale))}
            />
            {l.label}
          </label>
        ))}
      </fieldset>
      <ul className="link-list">
        {LINKS.map((name) => (
          <li key={name}>
            <Link to={pathOf(name)}>{intl.formatMessage(routeTitles[name])}</Link>
          </li>
        ))}
      </ul>
      <SignOut />
      <p className="version">
        <FormattedMessage {...messages.version} values={{ version: __APP_VERSION__ }} />
      </p>
    </section>
  );
}

/** A member's Sign out, and what became of it (announced). */
function SignOut() {
  const member = useAppSelector(selectMember);
  const signOut = useSignOut();
  const [state, setState] = useState<'idle' | 'busy' | 'done' | 'failed'>('idle');
  const handle = async () => {
    setState('busy');
    setState((await signOut()) ? 'done' : 'failed');
  };
  const showButton = Boolean(member && !member.isGuest);
  return (
    <div className="sign-out">
      {showButton && (
        <button type="button" className="btn btn-block" disabled={state === 'busy'} onClick={() => void handle()}>
          <FormattedMessage {...(state === 'busy' ? messages.signingOut : messages.signOut)} />
        </button>
      )}
      <p role="status" className="muted">
        {state === 'done' && <FormattedMessage {...messages.signedOut} />}
        {state === 'failed' && <FormattedMessage {...messages.signOutFailed} />}
      </p>
    </div>
  );
}

function MemberHeader() {
  const member = useAppSelector(selectMember);
  // Only a signed-in customer (member or guest) has details to ask for.
  const profile = useMemberProfile({ skip: !member });
  // A guest's name is the service's word for a guest, in the app's language: the profile's (read again on a language switch).
  if (!member || member.isGuest) return <GuestHeader name={profile.data?.VipName ?? member?.VipName ?? ''} />;
  if (!profile.data) {
    return (
      <header className="member-header" aria-busy={profile.isFetching}>
        <Avatar name={member.VipName} url="" />
        <div className="member-text">
          <h2>{member.VipName}</h2>
          {profile.isFetching && (
            <p role="status" className="muted">
              <FormattedMessage {...messages.loading} />
            </p>
          )}
        </div>
      </header>
    );
  }
  return <ProfileHeader profile={profile.data} />;
}

function GuestHeader({ name }: { name: string }) {
  return (
    <header className="member-header">
      <Avatar name={name} url="" />
      <div className="member-text">
        {name && <h2>{name}</h2>}
        <p className="muted">
          <FormattedMessage {...messages.guest} />
        </p>
        <Link className="btn btn-primary" to={signInPath(pathOf('mine'))}>
          <FormattedMessage {...signInMessages.signIn} />
        </Link>
      </div>
    </header>
  );
}

function ProfileHeader({ profile }: { profile: MemberProfile }) {
  const intl = useIntl();
  const money = useMoney();
  const name = useShownName(profile);
  const phone = profile.Phone ? `+${profile.AreaNo} ${maskPhone(profile.Phone)}` : '';
  return (
    <header className="member-header">
      <Avatar name={name} url={profile.headImgUrl} />
      <div className="member-text">
        <h2>{name}</h2>
        <p className="muted">
          <FormattedMessage {...(phone ? messages.phone : messages.noPhone)} values={{ phone }} />
        </p>
      </div>
      <ul className="member-figures">
        <li>
          <Link to={pathOf('vipBalance')}>
            <strong>{money.amount(profile.Balance)}</strong> <FormattedMessage {...messages.balance} />
          </Link>
        </li>
        <li>
          <Link to={pathOf('vipScoreRecordList')}>
            <strong>{intl.formatNumber(Number(profile.Score) || 0, { maximumFractionDigits: 0 })}</strong> <FormattedMessage {...messages.points} />
          </Link>
        </li>
        <li>
          <Link to={pathOf('couponsList')}>
            <strong>{intl.formatNumber(profile.CouponCount)}</strong> <FormattedMessage {...messages.coupons} />
          </Link>
        </li>
      </ul>
    </header>
  );
}
