/**
 * changeByCode (SPEC sections 2, 7): a member changes their phone through
 * EntVip_EntVipPhoneSubmit_Add. Step 1, only for a member who has a phone: a
 * code sent to that phone (SourceType VipPhoneVerify). Step 2: the new phone,
 * its calling code and the code sent to it (SourceType VipPhoneChange). The
 * service accepts step 2 within 15 minutes of step 1; the page remembers step
 * 1 for as long in session storage, so the trip to areaCodeSelect keeps it.
 */
import { useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, type MessageDescriptor } from 'react-intl';
import { useAppDispatch } from '../../app/hooks';
import { useGo } from '../../app/navigation';
import { pathOf } from '../../app/paths';
import { toastShown } from '../../app/uiSlice';
import { defineMessages } from '../../i18n/defineMessages';
import { validation } from '../../i18n/specMessages';
import { phoneApi, type MemberPhone } from './phoneApi';
import { CodeField, SentNotice, PhoneCodeFields } from './PhoneFields';
import { cleanPhone, codeProblem } from './phoneRules';
import { readSession, writeSession } from '../../host/storage';
import { useLeave } from './phoneReturn';
import { useResendCountdown } from './resendCountdown';
import { usePhoneCodeForm } from './usePhoneCodeForm';

const messages = defineMessages({
  loading: { id: 'changeByCode.loading', defaultMessage: 'Loading your membership…' },
  signIn: { id: 'changeByCode.signIn', defaultMessage: 'Sign in' },
  verifyTitle: {
    id: 'changeByCode.verifyTitle',
    defaultMessage: 'Step 1 of 2: verify your current number',
  },
  verifyIntro: {
    id: 'changeByCode.verifyIntro',
    defaultMessage: 'We will send a verification code to your current number.',
  },
  currentPhone: { id: 'changeByCode.currentPhone', defaultMessage: 'Current number' },
  verify: { id: 'changeByCode.verify', defaultMessage: 'Next' },
  verifying: { id: 'changeByCode.verifying', defaultMessage: 'Checking…' },
  newTitle: { id: 'changeByCode.newTitle', defaultMessage: 'Step 2 of 2: your new number' },
  addTitle: { id: 'changeByCode.addTitle', defaultMessage: 'Your mobile phone number' },
  newPhone: { id: 'changeByCode.newPhone', defaultMessage: 'New mobile phone number' },
  submit: { id: 'changeByCode.submit', defaultMessage: 'Change number' },
  submitting: { id: 'changeByCode.submitting', defaultMessage: 'Changing…' },
  changed: { id: 'changeByCode.changed', defaultMessage: 'Your phone number has been changed.' },
});

/** Session storage: step 1 done ({key, at}), and the new number typed so far. */
export const VERIFIED_KEY = 'changeByCode.verified';
export const NEW_PHONE_KEY = 'changeByCode.phone';
/** The service honours step 1 for 15 minutes; the page trusts it a little less. */
const VERIFIED_FOR_MS = 14 * 60_000;

function verifiedRecently(key: string): boolean {
  try {
    const value = JSON.parse(readSession(VERIFIED_KEY) ?? 'null') as {
      key?: string;
      at?: number;
    } | null;
    return Boolean(
      value &&
      value.key === key &&
      typeof value.at === 'number' &&
      Date.now() - value.at < VERIFIED_FOR_MS,
    );
  } catch {
    return false;
  }
}

export default function ChangeByCodePage() {
  const go = useGo();
  const member = phoneApi.useMemberPhoneQuery();

  if (member.isLoading) {
    return (
      <p role="status" className="muted">
        <FormattedMessage {...messages.loading} />
      </p>
    );
  }
  const data = member.data;
  if (!data || !data.VipID || data.isGuest) {
    const back = new URLSearchParams({ redirect: pathOf('changeByCode') });
    return (
      <section className="phone-form">
        <p role="alert">
          <FormattedMessage {...validation.loginRequired} />
        </p>
        <button
          type="button"
          className="btn btn-primary btn-block"
          onClick={() => go(`${pathOf('loginByCode')}?${back.toString()}`)}
        >
          <FormattedMessage {...messages.signIn} />
        </button>
      </section>
    );
  }
  return <ChangePhone member={data} />;
}

function ChangePhone({ member }: { member: MemberPhone }) {
  const currentKey = member.phone ? `${member.areaNo || '853'}-${member.phone}` : '';
  const [verified, setVerified] = useState(() => !currentKey || verifiedRecently(currentKey));
  if (!verified) {
    return (
      <VerifyCurrent
        member={member}
        phoneKey={currentKey}
        onVerified={() => {
          writeSession(VERIFIED_KEY, JSON.stringify({ key: currentKey, at: Date.now() }));
          setVerified(true);
        }}
      />
    );
  }
  return <NewPhone member={member} twoSteps={Boolean(currentKey)} />;
}

function VerifyCurrent({
  member,
  phoneKey,
  onVerified,
}: {
  member: MemberPhone;
  phoneKey: string;
  onVerified: () => void;
}) {
  const areaNo = member.areaNo || '853';
  const [code, setCode] = useState('');
  const [error, setError] = useState<MessageDescriptor | null>(null);
  const [sent, setSent] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const busy = useRef(false);
  const [sendCode, sending] = phoneApi.useSendCodeMutation();
  const [submit, submitting] = phoneApi.useSubmitPhoneMutation();
  const countdown = useResendCountdown(phoneKey);

  const handleSend = async () => {
    if (sending.isLoading) return;
    const result = await sendCode({ Phone: member.phone, AreaNo: areaNo, Purpose: 'change' });
    if ('error' in result) return;
    countdown.start(phoneKey, result.data.resendIn || 60);
    setSent(true);
    codeRef.current?.focus();
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = codeProblem(code);
    setError(problem);
    if (problem) {
      codeRef.current?.focus();
      return;
    }
    if (busy.current) return;
    busy.current = true;
    try {
      const result = await submit({
        VipID: member.VipID,
        Phone: member.phone,
        AreaNo: areaNo,
        Code: code.trim(),
        SourceType: 'VipPhoneVerify',
      });
      // A refusal (wrong or expired code) has been toasted.
      if ('error' in result) return;
      onVerified();
    } finally {
      busy.current = false;
    }
  };

  return (
    <section className="phone-form" aria-labelledby="change-verify-title">
      <h2 id="change-verify-title">
        <FormattedMessage {...messages.verifyTitle} />
      </h2>
      <p className="muted">
        <FormattedMessage {...messages.verifyIntro} />
      </p>
      <form onSubmit={(e) => void handleSubmit(e)} noValidate>
        <dl className="amounts">
          <div className="amount-row">
            <dt>
              <FormattedMessage {...messages.currentPhone} />
            </dt>
            <dd>
              +{areaNo} {member.phone}
            </dd>
          </div>
        </dl>
        <CodeField
          value={code}
          onChange={(value) => {
            setCode(value);
            if (error) setError(null);
          }}
          error={error}
          inputRef={codeRef}
          seconds={countdown.seconds}
          sending={sending.isLoading}
          onSend={() => void handleSend()}
          notice={sent && <SentNotice areaNo={areaNo} phone={member.phone} />}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={submitting.isLoading}>
          <FormattedMessage {...(submitting.isLoading ? messages.verifying : messages.verify)} />
        </button>
      </form>
    </section>
  );
}

function NewPhone({ member, twoSteps }: { member: MemberPhone; twoSteps: boolean }) {
  const dispatch = useAppDispatch();
  const form = usePhoneCodeForm(NEW_PHONE_KEY, 'change');
  const { areaNo, phone, code } = form;
  const busy = useRef(false);
  const [submit, submitting] = phoneApi.useSubmitPhoneMutation();
  const leave = useLeave(pathOf('mine'));

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate() || busy.current) return;
    busy.current = true;
    try {
      const result = await submit({
        VipID: member.VipID,
        Phone: cleanPhone(phone),
        AreaNo: areaNo,
        Code: code.trim(),
        SourceType: 'VipPhoneChange',
      });
      // A refusal (number taken, same number, wrong code, step 1 too long ago) has been toasted.
      if ('error' in result) return;
      writeSession(VERIFIED_KEY, null);
      writeSession(NEW_PHONE_KEY, null);
      dispatch(toastShown({ message: messages.changed }));
      leave();
    } finally {
      busy.current = false;
    }
  };

  return (
    <section className="phone-form" aria-labelledby="change-new-title">
      <h2 id="change-new-title">
        <FormattedMessage {...(twoSteps ? messages.newTitle : messages.addTitle)} />
      </h2>
      <form onSubmit={(e) => void handleSubmit(e)} noValidate>
        <PhoneCodeFields form={form} phoneLabel={messages.newPhone} />
        <button type="submit" className="btn btn-primary btn-block" disabled={submitting.isLoading}>
          <FormattedMessage {...(submitting.isLoading ? messages.submitting : messages.submit)} />
        </button>
      </form>
    </section>
  );
}
