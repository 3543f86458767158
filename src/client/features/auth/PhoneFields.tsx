/**
 * The phone pages' fields (loginByCode, changeByCode): the calling code (a
 * button to areaCodeSelect), the phone, and the code with its send button,
 * countdown and notice.
 */
import { useId, type ReactNode, type Ref } from 'react';
import { FormattedMessage, type MessageDescriptor } from 'react-intl';
import { useOpenAreaCodeSelect } from './phoneReturn';
import { phoneMessages } from './phoneRules';
import type { usePhoneCodeForm } from './usePhoneCodeForm';

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
