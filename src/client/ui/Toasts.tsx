/** Toasts (SPEC section 9: 2000 ms), announced to screen readers. */
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { selectToasts, toastExpired, TOAST_MS, type Toast } from '../app/uiSlice';

function ToastItem({ toast }: { toast: Toast }) {
  const dispatch = useAppDispatch();
  const intl = useIntl();
  useEffect(() => {
    const timer = setTimeout(() => dispatch(toastExpired(toast.id)), TOAST_MS);
    return () => clearTimeout(timer);
  }, [dispatch, toast.id]);
  const text = 'text' in toast.content ? toast.content.text : intl.formatMessage(toast.content.message, toast.content.values);
  return <div className="toast">{text}</div>;
}

export function Toasts() {
  const toasts = useAppSelector(selectToasts);
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </div>
  );
}
