/** The state of "a phone, a code sent to it" on the phone pages (loginByCode, changeByCode). */
import { useMemo, useRef, useState } from 'react';
import type { MessageDescriptor } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { readSession, writeSession } from '../../host/storage';
import { phoneApi } from './phoneApi';
import { cleanPhone, codeProblem, phoneKeyOf, phoneProblem } from './phoneRules';
import { initialAreaNo } from './phoneStorage';
import { useResendCountdown } from './resendCountdown';

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
