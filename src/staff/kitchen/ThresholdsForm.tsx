/**
 * The kitchen's timer colours (issue 26 section 2): a manager sets, per way
 * of ordering, the minutes after which a ticket turns amber and red (the
 * service refuses other roles: its message is shown).
 */
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { defineMessages } from '../../ui-kit/defineMessages';
import { TAKE_TYPES, type TakeType } from '../../shared/domain/kitchenTimers';
import type { KitchenThresholdJson } from '../../shared/protocol/staffKitchen';
import { StaffError, type StaffApi } from '../api';

const m = defineMessages({
  title: { id: 'staff.kds.timers', defaultMessage: 'Timer colours' },
  way: { id: 'staff.kds.way', defaultMessage: 'Way of ordering' },
  dinein: { id: 'staff.kds.way.dinein', defaultMessage: 'Dine in' },
  pickup: { id: 'staff.kds.way.pickup', defaultMessage: 'Pickup' },
  delivery: { id: 'staff.kds.way.delivery', defaultMessage: 'Delivery' },
  amber: { id: 'staff.kds.amberAfter', defaultMessage: 'Amber after (minutes)' },
  red: { id: 'staff.kds.redAfter', defaultMessage: 'Red after (minutes)' },
  save: { id: 'staff.kds.saveTimers', defaultMessage: 'Save timer colours' },
  saved: { id: 'staff.kds.timersSaved', defaultMessage: 'Saved.' },
  failed: { id: 'staff.kds.timersFailed', defaultMessage: 'Not saved: {reason}' },
});

export function ThresholdsForm({ api, baseId, thresholds, onSaved }: { api: StaffApi; baseId: string; thresholds: readonly KitchenThresholdJson[]; onSaved: () => void }) {
  const intl = useIntl();
  const [way, setWay] = useState<TakeType>('dinein');
  const current = thresholds.find((t) => t.takeType === way);
  const [amber, setAmber] = useState('');
  const [red, setRed] = useState('');
  const [note, setNote] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await api.setThreshold({
        baseId,
        takeType: way,
        amberSeconds: Math.round(Number(amber || (current?.amberSeconds ?? 300) / 60) * 60),
        redSeconds: Math.round(Number(red || (current?.redSeconds ?? 480) / 60) * 60),
      });
      setNote(intl.formatMessage(m.saved));
      onSaved();
    } catch (err) {
      setNote(intl.formatMessage(m.failed, { reason: err instanceof StaffError || err instanceof Error ? err.message : String(err) }));
    }
  };
  return (
    <details className="thresholds">
      <summary>
        <FormattedMessage {...m.title} />
      </summary>
      <form onSubmit={(e) => void submit(e)}>
        <label>
          <FormattedMessage {...m.way} />
          <select
            value={way}
            onChange={(e) => {
              setWay(e.target.value as TakeType);
              setAmber('');
              setRed('');
            }}
          >
            {TAKE_TYPES.map((t) => (
              <option key={t} value={t}>
                {intl.formatMessage(m[t])}
              </option>
            ))}
          </select>
        </label>
        <label>
          <FormattedMessage {...m.amber} />
          <input type="number" min={0.5} max={120} step={0.5} value={amber || (current ? current.amberSeconds / 60 : 5)} onChange={(e) => setAmber(e.target.value)} />
        </label>
        <label>
          <FormattedMessage {...m.red} />
          <input type="number" min={1} max={240} step={0.5} value={red || (current ? current.redSeconds / 60 : 8)} onChange={(e) => setRed(e.target.value)} />
        </label>
        <button type="submit" className="btn btn-primary">
          <FormattedMessage {...m.save} />
        </button>
        {note && <p role="status">{note}</p>}
      </form>
    </details>
  );
}
