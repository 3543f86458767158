/**
 * A section's form that adds one thing (a board link, a printer): its title,
 * its fields, what is wrong said as an alert (found on the screen, nothing
 * sent, or the service's refusal), and the submit button that says it is
 * saving and cannot be pressed twice meanwhile; and the list's action on a
 * row, asked first. The service decides who may: its 403 is said as the
 * section's "who may" message.
 */
import { useCallback, useId, useState, type ReactNode } from 'react';
import { FormattedMessage, type IntlShape, type MessageDescriptor } from 'react-intl';
import { StaffError } from '../api';

/** What a refused call says: who may (403), else the section's "not done" with the reason ({reason}). */
export function refusalMessage(
  intl: IntlShape,
  err: unknown,
  messages: { notAllowed: MessageDescriptor; refused: MessageDescriptor },
): string {
  return err instanceof StaffError && err.status === 403
    ? intl.formatMessage(messages.notAllowed)
    : intl.formatMessage(messages.refused, {
        reason: err instanceof Error ? err.message : String(err),
      });
}

export interface AddFormState {
  /** What is wrong, shown under the fields; null when nothing is. */
  problem: string | null;
  saving: boolean;
  /**
   * `check` says what is wrong on the screen (then nothing is sent), else `save` runs; a failure of
   * `save` is said as `refusal` words it.
   */
  submit: (check: () => string | null, save: () => Promise<void>) => Promise<void>;
}

export function useAddForm(refusal: (err: unknown) => string): AddFormState {
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = useCallback(
    async (check: () => string | null, save: () => Promise<void>) => {
      const wrong = check();
      setProblem(wrong);
      if (wrong) return;
      setSaving(true);
      try {
        await save();
      } catch (err) {
        setProblem(refusal(err));
      } finally {
        setSaving(false);
      }
    },
    [refusal],
  );
  return { problem, saving, submit };
}

/**
 * A list's action on one of its rows (revoke a board link, remove a printer): asked first, then done; a
 * refusal stays as the panel's notice until an action succeeds; the list is read again either way.
 */
export function useRowAction(refusal: (err: unknown) => string, reload: () => Promise<void>) {
  const [notice, setNotice] = useState<string | null>(null);
  const act = async (question: string, call: () => Promise<unknown>) => {
    if (!window.confirm(question)) return;
    try {
      await call();
      setNotice(null);
    } catch (err) {
      setNotice(refusal(err));
    }
    await reload();
  };
  return { notice, act };
}

/** What went wrong, said at once (role alert), under the fields or the list; nothing when nothing did. */
export function Problem({ text }: { text: string | null }) {
  return text ? (
    <p role="alert" className="field-error">
      {text}
    </p>
  ) : null;
}

export function AddForm({
  form,
  title,
  submitLabel,
  savingLabel,
  onSubmit,
  children,
}: {
  form: AddFormState;
  title: MessageDescriptor;
  submitLabel: MessageDescriptor;
  savingLabel: MessageDescriptor;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <form
      className="staff-form"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      noValidate
    >
      <h3 id={`${id}-title`}>
        <FormattedMessage {...title} />
      </h3>
      {children}
      <Problem text={form.problem} />
      <button
        type="submit"
        className="btn btn-primary"
        disabled={form.saving}
        aria-busy={form.saving || undefined}
      >
        <FormattedMessage {...(form.saving ? savingLabel : submitLabel)} />
      </button>
    </form>
  );
}
