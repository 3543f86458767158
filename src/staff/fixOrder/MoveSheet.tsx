/**
 * Move a table's open sheet to another table of the outlet (issue 26
 * section 5): the free tables (without an open sheet of their own) to choose
 * from; the service refuses a table that took a sheet meanwhile.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { defineMessages } from '../../ui-kit/defineMessages';
import type { StaffApi, StaffSheet } from '../api';
import { FIELD_STYLE, INPUT_STYLE } from './dialogStyle';

const m = defineMessages({
  title: { id: 'staff.move.title', defaultMessage: 'Move table {table}' },
  table: { id: 'staff.move.table', defaultMessage: 'New table' },
  choose: { id: 'staff.move.choose', defaultMessage: 'Choose a free table' },
  submit: { id: 'staff.move.submit', defaultMessage: 'Move' },
  cancel: { id: 'staff.move.cancel', defaultMessage: 'Back' },
  none: { id: 'staff.move.none', defaultMessage: 'No table is free.' },
  failed: { id: 'staff.move.failed', defaultMessage: 'Not moved: {reason}' },
});

export function MoveSheet({ api, sheet, onDone, onCancel }: { api: StaffApi; sheet: StaffSheet; onDone: (after: { totalAmo: string }) => void; onCancel: () => void }) {
  const intl = useIntl();
  const [tables, setTables] = useState<{ tableId: string; name: string }[] | null>(null);
  const [tableId, setTableId] = useState('');
  const [error, setError] = useState('');

  useEffect(() => {
    let live = true;
    api
      .call('GET /staff/chooser', { query: { baseId: sheet.baseId } })
      .then((menu) => live && setTables(menu.tables.filter((t) => t.free && t.tableId !== sheet.tableId)))
      .catch((err: Error) => live && setError(intl.formatMessage(m.failed, { reason: err.message })));
    return () => {
      live = false;
    };
  }, [api, intl, sheet.baseId, sheet.tableId]);

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    try {
      const answer = await api.call('POST /staff/sheets/:id/move', { params: { id: sheet.sheetId }, body: { tableId } });
      onDone(answer.sheet);
    } catch (err) {
      setError(intl.formatMessage(m.failed, { reason: err instanceof Error ? err.message : String(err) }));
    }
  };

  return (
    <form onSubmit={(e) => void handleSubmit(e)} aria-label={intl.formatMessage(m.title, { table: sheet.tableName })}>
      <h3>
        <FormattedMessage {...m.title} values={{ table: sheet.tableName }} />
      </h3>
      {tables && tables.length === 0 && (
        <p>
          <FormattedMessage {...m.none} />
        </p>
      )}
      {tables && tables.length > 0 && (
        <label style={FIELD_STYLE}>
          <FormattedMessage {...m.table} />
          <select value={tableId} onChange={(e) => setTableId(e.target.value)} required style={INPUT_STYLE}>
            <option value="">{intl.formatMessage(m.choose)}</option>
            {tables.map((t) => (
              <option key={t.tableId} value={t.tableId}>
                {t.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={!tableId}>
          <FormattedMessage {...m.submit} />
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          <FormattedMessage {...m.cancel} />
        </button>
      </div>
    </form>
  );
}
