/**
 * The menu as CSV: the export (a download), and an import checked first (a
 * dry run lists what would change and each row's errors, in the screen's
 * language) and written only when asked and when no row is wrong.
 */
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { defineMessages } from '../../../ui-kit/defineMessages';
import { MenuError, type MenuApi, type MenuImportAnswer } from './menuApi';

const m = defineMessages({
  title: { id: 'staff.menu.csv.title', defaultMessage: 'Import and export (CSV)' },
  export: { id: 'staff.menu.csv.export', defaultMessage: 'Export the menu' },
  file: { id: 'staff.menu.csv.file', defaultMessage: 'CSV file to import' },
  check: { id: 'staff.menu.csv.check', defaultMessage: 'Check (dry run)' },
  import: { id: 'staff.menu.csv.import', defaultMessage: 'Import' },
  summary: { id: 'staff.menu.csv.summary', defaultMessage: '{rows} rows: {create} new, {update} changed, {unchanged} unchanged, {errors} errors.' },
  written: { id: 'staff.menu.csv.written', defaultMessage: 'Imported.' },
  notWritten: { id: 'staff.menu.csv.notWritten', defaultMessage: 'Nothing was written.' },
  create: { id: 'staff.menu.csv.create', defaultMessage: '{code}: new' },
  update: { id: 'staff.menu.csv.update', defaultMessage: '{code}: changes {fields}' },
  rowError: { id: 'staff.menu.csv.rowError', defaultMessage: 'Row {row}: {message}' },
  failed: { id: 'staff.menu.csv.failed', defaultMessage: 'The import failed: {reason}' },
});

export function CsvPanel({ api, shopId, onImported }: { api: MenuApi; shopId: string; onImported: () => void }) {
  const intl = useIntl();
  const [text, setText] = useState('');
  const [answer, setAnswer] = useState<MenuImportAnswer | null>(null);
  const [failed, setFailed] = useState('');
  const run = async (dryRun: boolean) => {
    setFailed('');
    try {
      const a = await api.importCsv(shopId, text, dryRun);
      setAnswer(a);
      if (a.written) onImported();
    } catch (err) {
      if (!(err instanceof MenuError)) throw err;
      setFailed(intl.formatMessage(m.failed, { reason: err.message }));
    }
  };
  const count = (action: string) => answer?.changes.filter((c) => c.action === action).length ?? 0;
  return (
    <section className="panel csv" aria-labelledby="bo-csv-title">
      <h3 id="bo-csv-title">
        <FormattedMessage {...m.title} />
      </h3>
      <div className="actions">
        <a className="btn" href={api.exportUrl(shopId)} download="menu.csv">
          <FormattedMessage {...m.export} />
        </a>
      </div>
      <label>
        <span>{intl.formatMessage(m.file)}</span>
        <input
          type="file"
          accept=".csv,text/csv"
          onChange={(e) => {
            setAnswer(null);
            const f = e.target.files?.[0];
            if (f) void f.text().then(setText);
          }}
        />
      </label>
      <div className="actions">
        <button type="button" className="btn" disabled={!text} onClick={() => void run(true)}>
          <FormattedMessage {...m.check} />
        </button>
        <button type="button" className="btn btn-primary" disabled={!text} onClick={() => void run(false)}>
          <FormattedMessage {...m.import} />
        </button>
      </div>
      {failed && (
        <p role="alert" className="error">
          {failed}
        </p>
      )}
      {answer && (
        <div role="status">
          <p>
            <FormattedMessage {...m.summary} values={{ rows: answer.rows, create: count('create'), update: count('update'), unchanged: count('unchanged'), errors: answer.errors.length }} />{' '}
            <FormattedMessage {...(answer.written ? m.written : m.notWritten)} />
          </p>
          <ul>
            {answer.changes
              .filter((c) => c.action !== 'unchanged')
              .map((c) => (
                <li key={c.code}>{c.action === 'create' ? intl.formatMessage(m.create, { code: c.code }) : intl.formatMessage(m.update, { code: c.code, fields: c.fields.join(', ') })}</li>
              ))}
          </ul>
          {answer.errors.length > 0 && (
            <ul className="error">
              {answer.errors.map((e) => (
                <li key={`${e.row}-${e.message}`}>{intl.formatMessage(m.rowError, { row: e.row, message: e.message })}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
