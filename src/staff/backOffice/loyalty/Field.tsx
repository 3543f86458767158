/** A labelled field of the loyalty forms, with its problem (if any) read out beside it. */
import type { InputHTMLAttributes } from 'react';
import { FormattedMessage, type MessageDescriptor } from 'react-intl';
import { problemMessages } from './messages';
import type { Problem } from './validate';

export function Field({
  id,
  label,
  problem,
  ...input
}: { id: string; label: MessageDescriptor; problem?: Problem | undefined } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="field">
      <label htmlFor={id}>
        <FormattedMessage {...label} />
      </label>
      <input id={id} aria-invalid={problem ? true : undefined} aria-describedby={problem ? `${id}-problem` : undefined} {...input} />
      {problem && (
        <span id={`${id}-problem`} className="error">
          <FormattedMessage {...problemMessages[problem]} />
        </span>
      )}
    </div>
  );
}
