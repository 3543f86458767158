/**
 * A form's labelled pieces, shared by the address form (addresses/AddressEditPage)
 * and the confirm page's contact and address (checkout): a group with its
 * legend and one error for the group, and a text field with its label.
 */
import { useId, type ReactNode } from 'react';
import { FormattedMessage, type MessageDescriptor } from 'react-intl';

export function FieldGroup({
  legend,
  error,
  className,
  children,
}: {
  legend: MessageDescriptor;
  error?: MessageDescriptor;
  /** Classes beside form-group (a group that stands as its own panel: 'panel'). */
  className?: string;
  children: ReactNode;
}) {
  const errorId = useId();
  return (
    <fieldset className={className ? `form-group ${className}` : 'form-group'} aria-describedby={error ? errorId : undefined}>
      <legend>
        <FormattedMessage {...legend} />
      </legend>
      {children}
      {error && (
        <p id={errorId} role="alert" className="field-error">
          <FormattedMessage {...error} />
        </p>
      )}
    </fieldset>
  );
}

export function TextField({
  label,
  value,
  onChange,
  invalid,
  type = 'text',
  inputMode = type === 'tel' ? 'tel' : undefined,
  autoComplete,
  maxLength = type === 'tel' ? 20 : 100,
  required,
}: {
  label: MessageDescriptor;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  type?: string;
  inputMode?: 'tel' | 'text';
  autoComplete?: string;
  maxLength?: number;
  required?: boolean;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>
        <FormattedMessage {...label} />
      </label>
      <input
        id={id}
        type={type}
        inputMode={inputMode}
        autoComplete={autoComplete}
        value={value}
        maxLength={maxLength}
        aria-invalid={invalid || undefined}
        required={required}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
