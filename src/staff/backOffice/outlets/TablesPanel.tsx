/**
 * The outlet's tables: add, rename, remove, and give a table a new code (the
 * old one stops working at once: the customer is told to scan again), each
 * table's code as SVG or PNG for a sticker printer, and the outlet's A4
 * sheet of codes to print.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { defineMessages } from '../../../ui-kit/defineMessages';
import { OutletsError, qrSheetHref, tableCodeHref, type OutletsApi, type Table } from './outletsApi';

const m = defineMessages({
  title: { id: 'bo.tables.title', defaultMessage: 'Tables' },
  sheet: { id: 'bo.tables.sheet', defaultMessage: 'QR sheet to print (PDF)' },
  name: { id: 'bo.tables.name', defaultMessage: 'Table name' },
  add: { id: 'bo.tables.add', defaultMessage: 'Add table' },
  added: { id: 'bo.tables.added', defaultMessage: 'Table {name} added.' },
  rename: { id: 'bo.tables.rename', defaultMessage: 'Rename {name}' },
  newName: { id: 'bo.tables.newName', defaultMessage: 'New name of {name}' },
  save: { id: 'bo.tables.save', defaultMessage: 'Save name' },
  renamed: { id: 'bo.tables.renamed', defaultMessage: 'Table renamed to {name}.' },
  cancel: { id: 'bo.tables.cancel', defaultMessage: 'Cancel' },
  rotate: { id: 'bo.tables.rotate', defaultMessage: 'New code for {name}' },
  rotateConfirm: {
    id: 'bo.tables.rotateConfirm',
    defaultMessage: 'Give {name} a new code? The printed code stops working at once: print the new one for the table.',
  },
  rotated: { id: 'bo.tables.rotated', defaultMessage: '{name} has a new code: print it.' },
  remove: { id: 'bo.tables.remove', defaultMessage: 'Remove {name}' },
  removeConfirm: { id: 'bo.tables.removeConfirm', defaultMessage: 'Remove table {name}? Its code stops working.' },
  removed: { id: 'bo.tables.removed', defaultMessage: 'Table {name} removed.' },
  svg: { id: 'bo.tables.svg', defaultMessage: 'Code of {name} (SVG)' },
  png: { id: 'bo.tables.png', defaultMessage: 'Code of {name} (PNG)' },
  openOrder: { id: 'bo.tables.openOrder', defaultMessage: 'order under way' },
  none: { id: 'bo.tables.none', defaultMessage: 'No tables yet.' },
  nameRequired: { id: 'bo.tables.nameRequired', defaultMessage: 'Enter a table name (up to 30 characters).' },
  failed: { id: 'bo.failed', defaultMessage: 'That did not work: {reason}' },
  offline: { id: 'bo.offline', defaultMessage: 'The service cannot be reached. Try again.' },
});

export function TablesPanel({ api, baseId }: { api: OutletsApi; baseId: string }) {
  const intl = useIntl();
  const [tables, setTables] = useState<Table[] | null>(null);
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<{ tableId: string; name: string } | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');

  const failed = (err: unknown) =>
    setError(err instanceof OutletsError && err.status > 0 ? intl.formatMessage(m.failed, { reason: err.message }) : intl.formatMessage(m.offline));

  const load = useCallback(async () => {
    try {
      setTables(await api.tables(baseId));
    } catch (err) {
      failed(err);
    }
  }, [api, baseId]);
  useEffect(() => {
    setTables(null);
    void load();
  }, [load]);

  const act = async (work: () => Promise<string>) => {
    setError('');
    setStatus('');
    try {
      setStatus(await work());
      await load();
    } catch (err) {
      failed(err);
    }
  };

  const handleAdd = (e: FormEvent) => {
    e.preventDefault();
    const wanted = name.trim();
    if (!wanted || wanted.length > 30) {
      setError(intl.formatMessage(m.nameRequired));
      return;
    }
    void act(async () => {
      const table = await api.addTable(baseId, wanted);
      setName('');
      return intl.formatMessage(m.added, { name: table.name });
    });
  };

  const handleRename = (e: FormEvent) => {
    e.preventDefault();
    if (!editing) return;
    const wanted = editing.name.trim();
    if (!wanted || wanted.length > 30) {
      setError(intl.formatMessage(m.nameRequired));
      return;
    }
    void act(async () => {
      const table = await api.renameTable(editing.tableId, wanted);
      setEditing(null);
      return intl.formatMessage(m.renamed, { name: table.name });
    });
  };

  return (
    <section className="bo-tables" aria-labelledby="bo-tables-title">
      <h3 id="bo-tables-title">
        <FormattedMessage {...m.title} />
      </h3>
      <p>
        <a className="btn" href={qrSheetHref(baseId)} target="_blank" rel="noopener">
          <FormattedMessage {...m.sheet} />
        </a>
      </p>
      <form className="bo-row" onSubmit={handleAdd}>
        <label htmlFor="bo-table-name">
          <FormattedMessage {...m.name} />
        </label>
        <input id="bo-table-name" value={name} maxLength={30} onChange={(e) => setName(e.target.value)} autoComplete="off" />
        <button type="submit" className="btn btn-primary">
          <FormattedMessage {...m.add} />
        </button>
      </form>
      <p role="status" className="bo-status">
        {status}
      </p>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {tables && tables.length === 0 && (
        <p>
          <FormattedMessage {...m.none} />
        </p>
      )}
      {tables && tables.length > 0 && (
        <ul className="bo-table-list">
          {tables.map((t) => (
            <li key={t.tableId}>
              {editing?.tableId === t.tableId ? (
                <form className="bo-row" onSubmit={handleRename}>
                  <label htmlFor={`bo-rename-${t.tableId}`} className="visually-hidden">
                    <FormattedMessage {...m.newName} values={{ name: t.name }} />
                  </label>
                  <input id={`bo-rename-${t.tableId}`} value={editing.name} maxLength={30} onChange={(e) => setEditing({ tableId: t.tableId, name: e.target.value })} autoFocus />
                  <button type="submit" className="btn btn-primary">
                    <FormattedMessage {...m.save} />
                  </button>
                  <button type="button" className="btn" onClick={() => setEditing(null)}>
                    <FormattedMessage {...m.cancel} />
                  </button>
                </form>
              ) : (
                <div className="bo-row">
                  <strong className="bo-table-name">{t.name}</strong>
                  {t.openSheet && (
                    <span className="bo-badge">
                      <FormattedMessage {...m.openOrder} />
                    </span>
                  )}
                  <button type="button" className="btn" onClick={() => setEditing({ tableId: t.tableId, name: t.name })}>
                    <FormattedMessage {...m.rename} values={{ name: t.name }} />
                  </button>
                  <button
                    type="button"
                    className="btn"
                    onClick={() => {
                      if (!window.confirm(intl.formatMessage(m.rotateConfirm, { name: t.name }))) return;
                      void act(async () => intl.formatMessage(m.rotated, { name: (await api.rotateCode(t.tableId)).name }));
                    }}
                  >
                    <FormattedMessage {...m.rotate} values={{ name: t.name }} />
                  </button>
                  <button
                    type="button"
                    className="btn btn-danger"
                    onClick={() => {
                      if (!window.confirm(intl.formatMessage(m.removeConfirm, { name: t.name }))) return;
                      void act(async () => {
                        await api.removeTable(t.tableId);
                        return intl.formatMessage(m.removed, { name: t.name });
                      });
                    }}
                  >
                    <FormattedMessage {...m.remove} values={{ name: t.name }} />
                  </button>
                  <a href={tableCodeHref(t.tableId, 'svg')} download={`table-${t.name}.svg`}>
                    <FormattedMessage {...m.svg} values={{ name: t.name }} />
                  </a>
                  <a href={tableCodeHref(t.tableId, 'png')} download={`table-${t.name}.png`}>
                    <FormattedMessage {...m.png} values={{ name: t.name }} />
                  </a>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
