/**
 * loginByCode (SPEC sections 2, 4, 7): phone sign-in with an SMS code
 * (EntVip_EntVipRegisterSubmit_V2_Add, RegisterType 1). The member with that
 * phone signs in, or a new one is made; inside a host browser its openid is
 * linked too. Then back to where the customer came from: the `redirect`
 * parameter, else the previous page, else home.
 *
 * Field rules are checked here; the service's refusals (wrong or expired
 * code, too many tries, wait N seconds, daily cap) come translated and are
 * toasted by the error listener, once.
 */
import { useMemo, useRef, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { pathOf } from '../../app/paths';
import { defineMessages } from '../../i18n/defineMessages';
import {
  selectShopParams,
  memberSignedIn,
  hostRegisterFields,
  readOpenUserInfo,
  type OpenUserInfo,
} from '../../session';
import { phoneApi, type SignInByCodeArgs } from './phoneApi';
import { cleanPhone } from './phoneRules';
import { safeRedirect, useLeave } from './phoneReturn';
import { writeSession } from '../../host/storage';
import { usePhoneCodeForm } from './usePhoneCodeForm';
import { PhoneCodeFields } from './PhoneFields';

const messages = defineMessages({
  intro: {
    id: 'loginByCode.intro',
    defaultMessage: 'Sign in with your mobile phone number. A new number makes you a member.',
  },
  linkHost: {
    id: 'loginByCode.linkHost',
    defaultMessage: 'Signing in also links this app account to your membership.',
  },
  submit: { id: 'loginByCode.submit', defaultMessage: 'Sign in' },
  submitting: { id: 'loginByCode.submitting', defaultMessage: 'Signing in…' },
});

/** Session storage key of the number typed so far (kept across the trip to areaCodeSelect). */
export const LOGIN_PHONE_KEY = 'loginByCode.phone';

/** The host identity fields of the register call (the same as the silent host sign-in sends). */
export function hostFields(info: OpenUserInfo | null): Partial<SignInByCodeArgs> {
  return info?.openid ? hostRegisterFields(info) : {};
}

export default function LoginByCodePage() {
  const dispatch = useAppDispatch();
  const location = useLocation();
  const { ShopID, BaseID } = useAppSelector(selectShopParams);
  const redirect = safeRedirect(new URLSearchParams(location.search).get('redirect'));
  const hostInfo = useMemo(() => readOpenUserInfo(), []);
  const form = usePhoneCodeForm(LOGIN_PHONE_KEY, 'login');
  const { areaNo, phone, code } = form;
  const busy = useRef(false);
  const [signIn, signing] = phoneApi.useSignInByCodeMutation();
  const leave = useLeave(pathOf('home'));

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate() || busy.current) return;
    busy.current = true;
    try {
      const result = await signIn({
        Phone: cleanPhone(phone),
        Code: code.trim(),
        AreaNo: areaNo,
        ShopID,
        BaseID,
        ...hostFields(hostInfo),
      });
      // A refusal (wrong or expired code, too many tries) has been toasted.
      if ('error' in result) return;
      const { VipID, VipName } = result.data;
      dispatch(memberSignedIn({ VipID, VipName, isGuest: false }));
      writeSession(LOGIN_PHONE_KEY, null);
      leave(redirect);
    } finally {
      busy.current = false;
    }
  };

  return (
    <section className="phone-form login-by-code">
      <p className="muted">
        <FormattedMessage {...messages.intro} />
      </p>
      <form onSubmit={(e) => void handleSubmit(e)} noValidate>
        <PhoneCodeFields form={form} />
        {hostInfo && (
          <p className="note">
            <FormattedMessage {...messages.linkHost} />
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={signing.isLoading}>
          <FormattedMessage {...(signing.isLoading ? messages.submitting : messages.submit)} />
        </button>
      </form>
    </section>
  );
}
