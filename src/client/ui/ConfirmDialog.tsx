/**
 * The one confirmation dialog (place order, clear cart, cancel order, top up,
 * sign in...). `useConfirm()` returns a function that opens it and resolves
 * true on confirm, false on cancel.
 */
import { defineMessages } from '../i18n/defineMessages';
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';

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

  const open = useCallback<Open>(
    (options) =>
      new Promise<boolean>((resolve) => {
        setPending((current) => {
          current?.resolve(false);
          return { ...options, resolve };
        });
      }),
    [],
  );

  useEffect(() => {
    if (pending) confirmRef.current?.focus();
  }, [pending]);

  const close = (ok: boolean) => {
    pending?.resolve(ok);
    setPending(null);
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
