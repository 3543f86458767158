/**
 * The open confirmation dialog (ConfirmDialog.tsx), loaded on its own: its
 * step in the browser's history and its buttons. Mounted while a dialog is
 * open; the provider keeps which dialog that is and a button's answer on its
 * way out.
 */
import { defineMessages } from '../i18n/defineMessages';
import { useEffect, useRef, useState } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';

/** Marks the history step an open dialog adds. */
export const DIALOG_STATE_KEY = 'confirmDialog';
/** How long a button waits for its step back before answering anyway. */
export const BACK_WAIT_MS = 400;

export interface ConfirmOptions {
  message: MessageDescriptor | string;
  values?: Record<string, string | number>;
  confirmLabel?: MessageDescriptor;
  cancelLabel?: MessageDescriptor;
  /** Only one button: an acknowledgement. */
  alertOnly?: boolean;
}

export interface Pending extends ConfirmOptions {
  resolve: (ok: boolean) => void;
}

/** What the dialog shares with the provider: the open dialog, and a button's answer on its way out. */
export interface HostProps {
  pending: Pending;
  setPending: (update: (shown: Pending | null) => Pending | null) => void;
  closing: { current: { target: Pending; ok: boolean } | null };
}

const messages = defineMessages({
  confirm: { id: 'dialog.confirm', defaultMessage: 'Confirm' },
  cancel: { id: 'dialog.cancel', defaultMessage: 'Cancel' },
});

export function ConfirmDialogHost({ pending, setPending, closing }: HostProps) {
  const intl = useIntl();
  const confirmRef = useRef<HTMLButtonElement>(null);
  // The open dialog (for the history listener) and whether its step is in history.
  const current = useRef<Pending | null>(null);
  const stepped = useRef(false);
  const [steps, setSteps] = useState(0);

  useEffect(() => {
    current.current = pending;
    confirmRef.current?.focus();
  }, [pending]);

  useEffect(() => {
    const handlePop = () => {
      if (!stepped.current) return;
      stepped.current = false;
      const closed = closing.current;
      closing.current = null;
      // A button's step back: its answer. The phone's Back: Cancel.
      const target = closed?.target ?? current.current;
      target?.resolve(closed?.ok ?? false);
      setPending((p) => (p === target ? null : p));
      setSteps((n) => n + 1);
    };
    window.addEventListener('popstate', handlePop);
    return () => window.removeEventListener('popstate', handlePop);
  }, [closing, setPending]);

  // An open dialog is a step in history (once its predecessor's is gone).
  useEffect(() => {
    if (stepped.current || closing.current) return;
    const state: unknown = window.history.state;
    window.history.pushState({ ...(typeof state === 'object' && state !== null ? state : {}), [DIALOG_STATE_KEY]: true }, '');
    stepped.current = true;
  }, [pending, steps, closing]);

  const close = (ok: boolean) => {
    if (closing.current?.target === pending) return;
    if (!stepped.current) {
      pending.resolve(ok);
      setPending(() => null);
      return;
    }
    // Take the dialog's step back; the answer goes out when it has been taken (handlePop).
    const closed = { target: pending, ok };
    closing.current = closed;
    window.history.back();
    setTimeout(() => {
      if (closing.current !== closed) return;
      // No step back came (history refused it): answer anyway.
      closing.current = null;
      stepped.current = false;
      closed.target.resolve(ok);
      setPending((p) => (p === closed.target ? null : p));
      setSteps((n) => n + 1);
    }, BACK_WAIT_MS);
  };

  const text = typeof pending.message === 'string' ? pending.message : intl.formatMessage(pending.message, pending.values);

  return (
    <div className="dialog-backdrop" onKeyDown={(e) => e.key === 'Escape' && close(false)}>
      <div className="dialog" role="alertdialog" aria-modal="true" aria-labelledby="confirm-text">
        <p id="confirm-text">{text}</p>
        <div className="dialog-buttons">
          {!pending.alertOnly && (
            <button type="button" className="btn" onClick={() => close(false)}>
              {intl.formatMessage(pending.cancelLabel ?? messages.cancel)}
            </button>
          )}
          <button type="button" className="btn btn-primary" ref={confirmRef} onClick={() => close(true)}>
            {intl.formatMessage(pending.confirmLabel ?? messages.confirm)}
          </button>
        </div>
      </div>
    </div>
  );
}
