/**
 * A remark field with its count (issue 23 item 15): "37/100" beside it, the
 * limit the service holds too (REMARK_MAX, src/shared/domain/remarks.ts), and
 * at the limit a message instead of a silent cut. A text pasted past the
 * limit keeps its first REMARK_MAX characters and says so.
 */
import { useId, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { clipRemark, REMARK_MAX, remarkLength } from '../../shared/domain/remarks';
import { defineMessages } from '../i18n/defineMessages';

const messages = defineMessages({
  count: { id: 'remark.count', defaultMessage: '{count}/{max}' },
  countLabel: { id: 'remark.countLabel', defaultMessage: '{count} of at most {max} characters' },
  limit: { id: 'remark.limit', defaultMessage: 'A remark can have at most {max} characters.' },
  cut: { id: 'remark.cut', defaultMessage: 'A remark can have at most {max} characters: the rest was left out.' },
});

interface Props {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  multiline?: boolean;
  id?: string;
}

export function RemarkField({ label, value, onChange, placeholder, multiline = false, id }: Props) {
  const intl = useIntl();
  const ownId = useId();
  const inputId = id ?? ownId;
  const countId = `${inputId}-count`;
  const [cut, setCut] = useState(false);
  const count = remarkLength(value);
  const handle = (next: string) => {
    const over = remarkLength(next) > REMARK_MAX;
    setCut(over);
    onChange(over ? clipRemark(next) : next);
  };
  const common = {
    id: inputId,
    value,
    placeholder,
    'aria-describedby': countId,
  };
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      {multiline ? (
        <textarea {...common} rows={2} onChange={(e) => handle(e.target.value)} />
      ) : (
        <input {...common} type="text" onChange={(e) => handle(e.target.value)} />
      )}
      <span id={countId} className="muted" style={{ alignSelf: 'flex-end', fontSize: 13 }}>
        <span aria-hidden="true">{intl.formatMessage(messages.count, { count, max: REMARK_MAX })}</span>
        <span className="visually-hidden">{intl.formatMessage(messages.countLabel, { count, max: REMARK_MAX })}</span>
      </span>
      <p role="status" className="field-error">
        {count >= REMARK_MAX && <FormattedMessage {...(cut ? messages.cut : messages.limit)} values={{ max: REMARK_MAX }} />}
      </p>
    </div>
  );
}
