/**
 * A code typed in and sent with one button, its error under it: the coupon
 * code on the coupons page (coupons/CouponsListPage) and at checkout
 * (checkout/CouponSelectPage). The form around it and what the code does are
 * the caller's.
 */
import { useId, type ReactNode } from 'react';
import { FormattedMessage, type MessageDescriptor } from 'react-intl';

export function CodeEntryField({
  label,
  value,
  onChange,
  submitLabel,
  busy,
  error,
}: {
  label: MessageDescriptor;
  value: string;
  onChange: (value: string) => void;
  /** The button's text (its busy text while `busy`). */
  submitLabel: MessageDescriptor;
  busy: boolean;
  error: ReactNode;
}) {
  const codeId = useId();
  const errorId = useId();
  return (
    <div className="field">
      <label htmlFor={codeId}>
        <FormattedMessage {...label} />
      </label>
      <div className="search-form">
        <input
          id={codeId}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={40}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          <FormattedMessage {...submitLabel} />
        </button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
