/**
 * What the phone pages (loginByCode, changeByCode) share: the input rules,
 * the calling code carried to and from areaCodeSelect (session storage and
 * the AreaNo query parameter, no slice), the resend countdown, the way back
 * to where the customer came from, and the fields themselves.
 */
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type Ref,
} from 'react';
import { FormattedMessage, type MessageDescriptor } from 'react-intl';
import { useLocation, useNavigate } from 'react-router-dom';
import { pathOf, routeForPath } from '../../app/paths';
import { defineMessages } from '../../i18n/defineMessages';
import { phoneApi } from './phoneApi';

export const phoneMessages = defineMessages({
  callingCode: { id: 'phoneCode.callingCode', defaultMessage: 'Calling code' },
  phone: { id: 'phoneCode.phone', defaultMessage: 'Mobile phone number' },
  code: { id: 'phoneCode.code', defaultMessage: 'Verification code' },
  sendCode: { id: 'phoneCode.sendCode', defaultMessage: 'Send code' },
  sending: { id: 'phoneCode.sending', defaultMessage: 'Sending…' },
  resendIn: { id: 'phoneCode.resendIn', defaultMessage: 'Resend in {seconds} s' },
  sentTo: {
    id: 'phoneCode.sentTo',
    defaultMessage: 'A verification code has been sent to +{areaNo} {phone}.',
  },
  phoneRequired: {
    id: 'phoneCode.phoneRequired',
    defaultMessage: 'Please enter your mobile phone number.',
  },
  phoneInvalid: {
    id: 'phoneCode.phoneInvalid',
    defaultMessage: 'Please enter a valid mobile phone number (6 to 15 digits).',
  },
  codeRequired: {
    id: 'phoneCode.codeRequired',
    defaultMessage: 'Please enter the verification code.',
  },
  codeInvalid: {
    id: 'phoneCode.codeInvalid',
    defaultMessage: 'The verification code has 6 digits.',
  },
});

// Storage ---------------------------------------------------------------------

/** Session storage key of the last calling code chosen on areaCodeSelect. */
export const AREA_NO_KEY = 'areaNo';
export const DEFAULT_AREA_NO = '853';
export { VIP_ID_KEY } from './signInMessages';
const RESEND_KEY = 'smsResendUntil';

import { readSession, writeSession } from '../../host/storage';

export { readSession, writeSession };

// Rules -----------------------------------------------------------------------

export const isAreaNo = (value: string | null | undefined): value is string =>
  typeof value === 'string' && /^\d{1,4}$/.test(value);

/** The calling code a phone page starts with: the AreaNo query parameter, else the last choice, else Macau's. */
export function initialAreaNo(search: string): string {
  const fromQuery = new URLSearchParams(search).get('AreaNo');
  if (isAreaNo(fromQuery)) return fromQuery;
  const stored = readSession(AREA_NO_KEY);
  return isAreaNo(stored) ? stored : DEFAULT_AREA_NO;
}

/** The number as typed, without the spaces and hyphens people group it with. */
export const cleanPhone = (raw: string) => raw.replace(/[\s-]/g, '');

export function phoneProblem(raw: string): MessageDescriptor | null {
  const phone = cleanPhone(raw);
  if (!phone) return phoneMessages.phoneRequired;
  if (!/^\d{6,15}$/.test(phone)) return phoneMessages.phoneInvalid;
  return null;
}

export function codeProblem(raw: string): MessageDescriptor | null {
  const code = raw.trim();
  if (!code) return phoneMessages.codeRequired;
  if (!/^\d{6}$/.test(code)) return phoneMessages.codeInvalid;
  return null;
}

/** The protocol's 'area-number' key of a valid phone, else ''. */
export const phoneKeyOf = (areaNo: string, raw: string) =>
  phoneProblem(raw) ? '' : `${areaNo}-${cleanPhone(raw)}`;

// Resend countdown --------------------------------------------------------------

function readResendMap(): Record<string, number> {
  try {
    const value = JSON.parse(readSession(RESEND_KEY) ?? '{}') as unknown;
    return value && typeof value === 'object' ? (value as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/**
 * Seconds until another code may be asked for the phone `key`, ticking each
 * second. Kept per phone in session storage, so a trip to areaCodeSelect or a
 * reload does not forget it.
 */
export function useResendCountdown(key: string) {
  const [untils, setUntils] = useState<Record<string, number>>(readResendMap);
  const [now, setNow] = useState(() => Date.now());
  const until = key ? (untils[key] ?? 0) : 0;
  const seconds = Math.max(0, Math.ceil((until - now) / 1000));
  const running = seconds > 0;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  const start = useCallback((forKey: string, resendIn: number) => {
    const at = Date.now();
    setNow(at);
    setUntils((prev) => {
      const next: Record<string, number> = { [forKey]: at + Math.max(1, resendIn) * 1000 };
      for (const [k, v] of Object.entries(prev)) if (k !== forKey && v > at) next[k] = v;
      writeSession(RESEND_KEY, JSON.stringify(next));
      return next;
    });
  }, []);
  return { seconds, start };
}

// Coming and going ------------------------------------------------------------

/**
 * How many history entries back the page that opened this one is (0: none,
 * the page was opened directly). A trip to areaCodeSelect and back adds one
 * entry; it passes the count on in the history state.
 */
export function useReturnSteps(): number {
  const location = useLocation();
  const steps = (location.state as { returnSteps?: unknown } | null)?.returnSteps;
  if (typeof steps === 'number' && steps >= 0) return steps;
  return location.key !== 'default' ? 1 : 0;
}

/** An in-app path to go to after signing in, or null: only a known page of the app. */
export function safeRedirect(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return null;
  const route = routeForPath(value.split('?')[0] ?? '');
  if (!route || route.name === 'loginByCode' || route.name === 'areaCodeSelect') return null;
  return value;
}

/** Back to the page the customer came from: `redirect` if given, else back in history, else `fallback`. */
export function useLeave(fallback: string): (redirect?: string | null) => void {
  const navigate = useNavigate();
  const steps = useReturnSteps();
  return useCallback(
    (redirect?: string | null) => {
      if (redirect) navigate(redirect, { replace: true });
      else if (steps > 0) navigate(-steps);
      else navigate(fallback, { replace: true });
    },
    [navigate, steps, fallback],
  );
}

/** Opens areaCodeSelect, which comes back here with ?AreaNo=. */
export function useOpenAreaCodeSelect(areaNo: string): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  const steps = useReturnSteps();
  return useCallback(() => {
    const query = new URLSearchParams(location.search);
    query.delete('AreaNo');
    const rest = query.toString();
    const from = `${location.pathname}${rest ? `?${rest}` : ''}`;
    const target = new URLSearchParams({ from, current: areaNo });
    navigate(`${pathOf('areaCodeSelect')}?${target.toString()}`, { state: { returnSteps: steps } });
  }, [navigate, location.pathname, location.search, areaNo, steps]);
}

// Fields ----------------------------------------------------------------------

function FieldError({ id, error }: { id: string; error: MessageDescriptor | null | undefined }) {
  if (!error) return null;
  return (
    <p id={id} role="alert" className="field-error">
      <FormattedMessage {...error} />
    </p>
  );
}

export function CallingCodeField({ areaNo, onOpen }: { areaNo: string; onOpen: () => void }) {
  const labelId = useId();
  const buttonId = useId();
  const valueId = useId();
  return (
    <div className="field calling-code-field">
      <label id={labelId} htmlFor={buttonId}>
        <FormattedMessage {...phoneMessages.callingCode} />
      </label>
      {/* Named "Calling code +853": the label, then the value. */}
      <button
        type="button"
        id={buttonId}
        className="calling-code"
        aria-labelledby={`${labelId} ${valueId}`}
        onClick={onOpen}
      >
        <span id={valueId}>+{areaNo}</span>
      </button>
    </div>
  );
}

export function PhoneField({
  value,
  onChange,
  error,
  inputRef,
  label = phoneMessages.phone,
}: {
  value: string;
  onChange: (value: string) => void;
  error: MessageDescriptor | null | undefined;
  inputRef?: Ref<HTMLInputElement>;
  label?: MessageDescriptor;
}) {
  const id = useId();
  const errorId = useId();
  return (
    <div className="field phone-field">
      <label htmlFor={id}>
        <FormattedMessage {...label} />
      </label>
      <input
        id={id}
        ref={inputRef}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        maxLength={20}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      <FieldError id={errorId} error={error} />
    </div>
  );
}

export function CodeField({
  value,
  onChange,
  error,
  inputRef,
  seconds,
  sending,
  onSend,
  notice,
}: {
  value: string;
  onChange: (value: string) => void;
  error: MessageDescriptor | null | undefined;
  inputRef?: Ref<HTMLInputElement>;
  /** Seconds before another code may be sent (0: now). */
  seconds: number;
  sending: boolean;
  onSend: () => void;
  /** Said after a code was sent. */
  notice?: ReactNode;
}) {
  const id = useId();
  const errorId = useId();
  return (
    <div className="field code-field">
      <label htmlFor={id}>
        <FormattedMessage {...phoneMessages.code} />
      </label>
      <div className="search-form">
        <input
          id={id}
          ref={inputRef}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <button
          type="button"
          className="btn send-code"
          disabled={sending || seconds > 0}
          onClick={onSend}
        >
          {sending ? (
            <FormattedMessage {...phoneMessages.sending} />
          ) : seconds > 0 ? (
            <FormattedMessage {...phoneMessages.resendIn} values={{ seconds }} />
          ) : (
            <FormattedMessage {...phoneMessages.sendCode} />
          )}
        </button>
      </div>
      <FieldError id={errorId} error={error} />
      <p role="status" className="muted code-notice">
        {notice}
      </p>
    </div>
  );
}

/** The "code sent" notice. */
export function SentNotice({ areaNo, phone }: { areaNo: string; phone: string }) {
  return <FormattedMessage {...phoneMessages.sentTo} values={{ areaNo, phone }} />;
}

export type PhoneCodeErrors = { phone?: MessageDescriptor | null; code?: MessageDescriptor | null };

/**
 * The state both phone pages keep for "a phone, a code sent to it": the
 * calling code from the address or storage, the typed phone (kept in session
 * storage under `phoneKey` across the trip to areaCodeSelect), the code, the
 * field errors, the resend countdown and the send itself.
 */
export function usePhoneCodeForm(phoneKey: string, purpose: 'login' | 'change') {
  const location = useLocation();
  const areaNo = useMemo(() => initialAreaNo(location.search), [location.search]);
  const [phone, setPhone] = useState(() => readSession(phoneKey) ?? '');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<PhoneCodeErrors>({});
  const [sentTo, setSentTo] = useState<{ areaNo: string; phone: string } | null>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const [sendCode, sending] = phoneApi.useSendCodeMutation();
  const countdown = useResendCountdown(phoneKeyOf(areaNo, phone));

  const handlePhoneChange = (value: string) => {
    setPhone(value);
    writeSession(phoneKey, value);
    if (errors.phone) setErrors((e) => ({ ...e, phone: null }));
  };

  const handleCodeChange = (value: string) => {
    setCode(value);
    if (errors.code) setErrors((e) => ({ ...e, code: null }));
  };

  const handleSend = async () => {
    const problem = phoneProblem(phone);
    if (problem) {
      setErrors((e) => ({ ...e, phone: problem }));
      phoneRef.current?.focus();
      return;
    }
    if (sending.isLoading) return;
    const Phone = cleanPhone(phone);
    const key = phoneKeyOf(areaNo, phone);
    const result = await sendCode({ Phone, AreaNo: areaNo, Purpose: purpose });
    // A refusal (wait N seconds, daily cap) has been toasted.
    if ('error' in result) return;
    countdown.start(key, result.data.resendIn || 60);
    setSentTo({ areaNo: result.data.areaNo || areaNo, phone: result.data.phone || Phone });
    codeRef.current?.focus();
  };

  /** Checks both fields; shows and focuses the first problem. True when both are fine. */
  const validate = (): boolean => {
    const next: PhoneCodeErrors = { phone: phoneProblem(phone), code: codeProblem(code) };
    setErrors(next);
    if (next.phone) {
      phoneRef.current?.focus();
      return false;
    }
    if (next.code) {
      codeRef.current?.focus();
      return false;
    }
    return true;
  };

  return {
    areaNo,
    phone,
    code,
    errors,
    sentTo,
    phoneRef,
    codeRef,
    sending,
    countdown,
    handlePhoneChange,
    handleCodeChange,
    handleSend,
    validate,
  };
}

/**
 * The fields of a usePhoneCodeForm: calling code (to areaCodeSelect and
 * back), phone, and the code with its send button, countdown and notice.
 */
export function PhoneCodeFields({
  form,
  phoneLabel,
}: {
  form: ReturnType<typeof usePhoneCodeForm>;
  phoneLabel?: MessageDescriptor;
}) {
  const openAreaCodes = useOpenAreaCodeSelect(form.areaNo);
  return (
    <>
      <div className="phone-row">
        <CallingCodeField areaNo={form.areaNo} onOpen={openAreaCodes} />
        <PhoneField
          value={form.phone}
          onChange={form.handlePhoneChange}
          error={form.errors.phone}
          inputRef={form.phoneRef}
          label={phoneLabel}
        />
      </div>
      <CodeField
        value={form.code}
        onChange={form.handleCodeChange}
        error={form.errors.code}
        inputRef={form.codeRef}
        seconds={form.countdown.seconds}
        sending={form.sending.isLoading}
        onSend={() => void form.handleSend()}
        notice={form.sentTo && <SentNotice {...form.sentTo} />}
      />
    </>
  );
}
