/**
 * Void a line (issue 26 section 5): a reason from the list (out of stock,
 * customer changed mind, wrong dish, other with a note) and the approval of
 * a manager or owner of the outlet, their login and PIN (a manager voiding
 * enters their own). The service checks the PIN (with its back-off), voids
 * the line, re-prices the sheet and, on a paid sheet, refunds the difference.
 */
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { VoidReason } from '../../shared/protocol/staffFix';
import { defineMessages } from '../../ui-kit/defineMessages';
import { StaffError, type StaffApi, type StaffItem, type StaffSheet } from '../api';
import { FIELD_STYLE, INPUT_STYLE } from './dialogStyle';

const m = defineMessages({
  title: { id: 'staff.void.title', defaultMessage: 'Void {name}' },
  reason: { id: 'staff.void.reason', defaultMessage: 'Reason' },
  outOfStock: { id: 'staff.void.outOfStock', defaultMessage: 'Out of stock' },
  changedMind: { id: 'staff.void.changedMind', defaultMessage: 'Customer changed their mind' },
  wrongDish: { id: 'staff.void.wrongDish', defaultMessage: 'Wrong dish' },
  other: { id: 'staff.void.other', defaultMessage: 'Other' },
  note: { id: 'staff.void.note', defaultMessage: 'What happened' },
  approver: { id: 'staff.void.approver', defaultMessage: "Manager's login" },
  pin: { id: 'staff.void.pin', defaultMessage: 'PIN' },
  approval: { id: 'staff.void.approval', defaultMessage: 'A manager or the owner approves with their PIN.' },
  submit: { id: 'staff.void.submit', defaultMessage: 'Void line' },
  working: { id: 'staff.void.working', defaultMessage: 'Voiding…' },
  cancel: { id: 'staff.void.cancel', defaultMessage: 'Back' },
  needNote: { id: 'staff.void.needNote', defaultMessage: 'Say what happened.' },
  refunded: { id: 'staff.void.refunded', defaultMessage: '{amount} refunded ({method})' },
  failed: { id: 'staff.void.failed', defaultMessage: 'Not voided: {reason}' },
});

const REASONS: { id: VoidReason; label: keyof typeof m }[] = [
  { id: 'outOfStock', label: 'outOfStock' },
  { id: 'changedMind', label: 'changedMind' },
  { id: 'wrongDish', label: 'wrongDish' },
  { id: 'other', label: 'other' },
];

export function VoidDialog({
  api,
  sheet,
  item,
  onDone,
  onCancel,
}: {
  api: StaffApi;
  sheet: StaffSheet;
  item: StaffItem;
  onDone: (after: { totalAmo: string }) => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const [reason, setReason] = useState<VoidReason | ''>('');
  const [note, setNote] = useState('');
  const [login, setLogin] = useState('');
  const [pin, setPin] = useState('');
  const [working, setWorking] = useState(false);
  const [error, setError] = useState('');

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!reason) return;
    if (reason === 'other' && !note.trim()) {
      setError(intl.formatMessage(m.needNote));
      return;
    }
    setWorking(true);
    setError('');
    try {
      const answer = await api.call('POST /staff/sheets/:id/lines/:itemId/void', {
        params: { id: sheet.sheetId, itemId: item.itemId },
        body: { reason, ...(reason === 'other' ? { note: note.trim() } : {}), approver: { login: login.trim(), pin } },
      });
      if (answer.refund) window.alert(intl.formatMessage(m.refunded, { amount: Number(answer.refund.amount).toFixed(2), method: answer.refund.method }));
      onDone(answer.sheet);
    } catch (err) {
      setError(intl.formatMessage(m.failed, { reason: err instanceof StaffError || err instanceof Error ? err.message : String(err) }));
      setPin('');
    } finally {
      setWorking(false);
    }
  };

  return (
    <form onSubmit={(e) => void handleSubmit(e)} aria-label={intl.formatMessage(m.title, { name: item.goodsName })}>
      <h3>
        <FormattedMessage {...m.title} values={{ name: item.goodsName }} />
      </h3>
      <fieldset>
        <legend>
          <FormattedMessage {...m.reason} />
        </legend>
        {REASONS.map((r) => (
          <label key={r.id} style={{ display: 'block', minHeight: 36 }}>
            <input type="radio" name="void-reason" value={r.id} checked={reason === r.id} onChange={() => setReason(r.id)} required />{' '}
            <FormattedMessage {...m[r.label]} />
          </label>
        ))}
      </fieldset>
      {reason === 'other' && (
        <label style={FIELD_STYLE}>
          <FormattedMessage {...m.note} />
          <input type="text" value={note} maxLength={120} onChange={(e) => setNote(e.target.value)} required style={INPUT_STYLE} />
        </label>
      )}
      <p className="muted small">
        <FormattedMessage {...m.approval} />
      </p>
      <label style={FIELD_STYLE}>
        <FormattedMessage {...m.approver} />
        <input type="text" autoComplete="off" value={login} onChange={(e) => setLogin(e.target.value)} required style={INPUT_STYLE} />
      </label>
      <label style={FIELD_STYLE}>
        <FormattedMessage {...m.pin} />
        <input type="password" inputMode="numeric" autoComplete="off" pattern="[0-9]{4,6}" value={pin} onChange={(e) => setPin(e.target.value)} required style={INPUT_STYLE} />
      </label>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="btn btn-danger" disabled={working || !reason}>
          <FormattedMessage {...(working ? m.working : m.submit)} />
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          <FormattedMessage {...m.cancel} />
        </button>
      </div>
    </form>
  );
}
