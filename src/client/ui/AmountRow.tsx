/** One row of an amounts list (`<dl className="amounts">`): what it is and how much, the total's in bold. */
import { isValidElement, type ReactElement } from 'react';
import { FormattedMessage, type MessageDescriptor } from 'react-intl';

export function AmountRow({
  label,
  value,
  strong,
  testId,
}: {
  /** A message, or the element that says it (a message with values). */
  label: MessageDescriptor | ReactElement;
  /** The amount as shown. */
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div className={`amount-row${strong ? ' amount-total' : ''}`}>
      <dt>{isValidElement(label) ? label : <FormattedMessage {...label} />}</dt>
      <dd data-testid={testId}>{strong ? <strong>{value}</strong> : value}</dd>
    </div>
  );
}
