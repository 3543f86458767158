/**
 * Choosing a payment method, then paying once at a time (PayWithMethod: PayNow,
 * the table's settle, the split bill): the chosen method, the field's error
 * once a pay was tried without one, and a guard so a second tap while a
 * payment runs does nothing.
 */
import { useRef, useState } from 'react';
import { validation } from '../../i18n/specMessages';
import { isPayType } from './payForSheet';
import type { PayType } from './paymentsApi';

export function usePayOnce() {
  const [payType, setPayType] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);

  /** Runs `pay` with the chosen method unless a payment is running; without a method only marks the try (the field shows its error). */
  const run = async (pay: (payType: PayType) => Promise<void>) => {
    if (busyRef.current) return;
    setAttempted(true);
    if (!isPayType(payType)) return;
    busyRef.current = true;
    setBusy(true);
    try {
      await pay(payType);
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  const methodError = attempted && !isPayType(payType) ? validation.paymentRequired : null;
  return { payType, setPayType, busy, methodError, run };
}
