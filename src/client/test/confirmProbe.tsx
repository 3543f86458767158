/** A button that asks the confirmation dialog (ui/ConfirmDialog.tsx) to clear the cart, and the answer it got. */
import { useState } from 'react';
import { useConfirm } from '../ui/ConfirmDialog';
import { confirmations } from '../i18n/specMessages';

export function ConfirmProbe() {
  const confirm = useConfirm();
  const [answer, setAnswer] = useState('none');
  return (
    <>
      <button type="button" onClick={async () => setAnswer(String(await confirm({ message: confirmations.clearCart })))}>
        clear
      </button>
      <output>{answer}</output>
    </>
  );
}
