/**
 * The one confirmation dialog (place order, clear cart, cancel order, top up,
 * sign in...). `useConfirm()` returns a function that opens it and resolves
 * true on confirm, false on cancel.
 *
 * The phone's Back closes it, as Cancel (issue 23): an open dialog is a step
 * in the browser's history (the same address and router state), so Back
 * takes that step instead of leaving the page under it. A button takes the
 * step back itself, and the answer comes once it has been taken, so that
 * whatever the caller does next (navigate, say) happens after it.
 */
import { defineMessages } from '../i18n/defineMessages';
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';

/** Marks the history step an open dialog adds. */
export const DIALOG_STATE_KEY = 'confirmDialog';
/** How long a button waits for its step back before answering anyway. */
export const BACK_WAIT_MS = 400;

const messages = defineMessages({
  confirm: { id: 'dialog.confirm', defaultMessage: 'Confirm' },
  cancel: { id: 'dialog.cancel', defaultMessage: 'Cancel' },
});

export interface ConfirmOptions {
  message: MessageDescriptor | string;
  values?: Record<string, string | number>;
  confirmLabel?: MessageDescriptor;
  cancelLabel?: MessageDescriptor;
  /** Only one button: an acknowledgement. */
  alertOnly?: boolean;
}

type Open = (options: ConfirmOptions) => Promise<boolean>;
const ConfirmContext = createContext<Open | null>(null);

export function useConfirm(): Open {
  const open = useContext(ConfirmContext);
  if (!open) throw new Error('useConfirm needs a ConfirmProvider');
  return open;
}

interface Pending extends ConfirmOptions {
  resolve: (ok: boolean) => void;
}

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const intl = useIntl();
  const confirmRef = useRef<HTMLButtonElement>(null);
  // The open dialog (for the history listener), whether its step is in history, and a button's
  // answer waiting for that step to be taken back.
  const current = useRef<Pending | null>(null);
  const stepped = useRef(false);
  const closing = useRef<{ target: Pending; ok: boolean } | null>(null);
  const [steps, setSteps] = useState(0);

  const open = useCallback<Open>(
    (options) =>
      new Promise<boolean>((resolve) => {
        setPending((shown) => {
          // One dialog at a time; one being closed by a button keeps the answer it was given.
          if (shown && closing.current?.target !== shown) shown.resolve(false);
          return { ...options, resolve };
        });
      }),
    [],
  );

  useEffect(() => {
    current.current = pending;
    if (pending) confirmRef.current?.focus();
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
  }, []);

  // An open dialog is a step in history (once its predecessor's is gone).
  useEffect(() => {
    if (!pending || stepped.current || closing.current) return;
    const state: unknown = window.history.state;
    window.history.pushState({ ...(typeof state === 'object' && state !== null ? state : {}), [DIALOG_STATE_KEY]: true }, '');
    stepped.current = true;
  }, [pending, steps]);

  const close = (ok: boolean) => {
    if (!pending || closing.current?.target === pending) return;
    if (!stepped.current) {
      pending.resolve(ok);
      setPending(null);
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

  const text = pending
    ? typeof pending.message === 'string'
      ? pending.message
      : intl.formatMessage(pending.message, pending.values)
    : '';

  return (
    <ConfirmContext.Provider value={open}>
      {children}
      {pending && (
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
      )}
    </ConfirmContext.Provider>
  );
}
