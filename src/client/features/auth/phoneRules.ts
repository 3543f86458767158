/** The phone pages' input rules (loginByCode, changeByCode, areaCodeSelect): calling code, phone number, verification code. */
import { type MessageDescriptor } from 'react-intl';
import { defineMessages } from '../../i18n/defineMessages';

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

export const isAreaNo = (value: string | null | undefined): value is string =>
  typeof value === 'string' && /^\d{1,4}$/.test(value);

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
