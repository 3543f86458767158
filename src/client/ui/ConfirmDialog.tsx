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
 *
 * The dialog itself (its history steps and its markup, ConfirmDialogHost.tsx)
 * is a chunk of its own (issue 24: JavaScript before the first screen): the
 * app asks for it once the page is idle (app/afterIdle.ts), or at the first
 * confirmation if that comes sooner, which then shows as soon as it is in.
 */
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import type { ConfirmOptions, HostProps, Pending } from './ConfirmDialogHost';

export type { ConfirmOptions } from './ConfirmDialogHost';

type Open = (options: ConfirmOptions) => Promise<boolean>;
const ConfirmContext = createContext<Open | null>(null);

export function useConfirm(): Open {
  const open = useContext(ConfirmContext);
  if (!open) throw new Error('useConfirm needs a ConfirmProvider');
  return open;
}

let Host: ComponentType<HostProps> | null = null;
let loading: Promise<ComponentType<HostProps>> | null = null;

/** The dialog's code, asked for once (again after a failure). */
export function loadConfirmDialog(): Promise<ComponentType<HostProps>> {
  loading ??= import(/* webpackChunkName: "confirm-dialog" */ './ConfirmDialogHost').then(
    (m) => (Host = m.ConfirmDialogHost),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const closing = useRef<{ target: Pending; ok: boolean } | null>(null);
  const [, setLoaded] = useState(0);

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

  // A confirmation before the dialog's code is in: it shows once it is (a failed download answers Cancel).
  useEffect(() => {
    if (!pending || Host) return;
    let live = true;
    loadConfirmDialog().then(
      () => live && setLoaded((n) => n + 1),
      () => {
        if (!live) return;
        pending.resolve(false);
        setPending((p) => (p === pending ? null : p));
      },
    );
    return () => {
      live = false;
    };
  }, [pending]);

  return (
    <ConfirmContext.Provider value={open}>
      {children}
      {pending && Host && <Host pending={pending} setPending={setPending} closing={closing} />}
    </ConfirmContext.Provider>
  );
}
