/**
 * The outlet's kitchen printers (issue 26 section 3): each with its state
 * (online, offline, not used yet), the tickets waiting for it and its last
 * error, read again every few seconds while shown; a manager or owner adds a
 * printer (host, port, stations, paper, encoding, language, cut) and removes
 * one. The service decides who may (a kitchen or cashier account is refused:
 * the form says so).
 */
import { useCallback, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { defineMessages } from '../../ui-kit/defineMessages';
import type { PrinterJson } from '../../shared/protocol/staffPrinters';
import type { StaffApi } from '../api';
import type { SectionProps } from '../app/sectionProps';
import { AddForm, Problem, refusalMessage, useAddForm, useRowAction } from '../ui/AddForm';

/** How often the list is read again while shown: a printer's state changes as the worker sends. */
export const PRINTERS_REFRESH_MS = 5_000;

const m = defineMessages({
  title: { id: 'staff.printers.title', defaultMessage: 'Printers' },
  loading: { id: 'staff.printers.loading', defaultMessage: 'Loading the printers…' },
  failed: { id: 'staff.printers.failed', defaultMessage: 'The printers could not be loaded.' },
  none: { id: 'staff.printers.none', defaultMessage: 'No printer yet: kitchen tickets are not printed at this outlet.' },
  online: { id: 'staff.printers.online', defaultMessage: 'Online' },
  offline: { id: 'staff.printers.offline', defaultMessage: 'Offline' },
  unknown: { id: 'staff.printers.unknown', defaultMessage: 'Not used yet' },
  waiting: { id: 'staff.printers.waiting', defaultMessage: '{count, plural, =0 {No tickets waiting} one {# ticket waiting} other {# tickets waiting}}' },
  address: { id: 'staff.printers.address', defaultMessage: 'Address' },
  stations: { id: 'staff.printers.stations', defaultMessage: 'Stations' },
  allStations: { id: 'staff.printers.allStations', defaultMessage: 'Every station' },
  paper: { id: 'staff.printers.paper', defaultMessage: 'Paper' },
  paperWidth: { id: 'staff.printers.paperWidth', defaultMessage: '{width} mm' },
  lastError: { id: 'staff.printers.lastError', defaultMessage: 'Last error: {error}' },
  remove: { id: 'staff.printers.remove', defaultMessage: 'Remove {name}' },
  confirmRemove: { id: 'staff.printers.confirmRemove', defaultMessage: 'Remove the printer {name}? Tickets waiting for it are dropped.' },
  add: { id: 'staff.printers.add', defaultMessage: 'Add a printer' },
  name: { id: 'staff.printers.name', defaultMessage: 'Name' },
  host: { id: 'staff.printers.host', defaultMessage: 'Host or IP address' },
  port: { id: 'staff.printers.port', defaultMessage: 'Port' },
  width: { id: 'staff.printers.width', defaultMessage: 'Paper width' },
  encoding: { id: 'staff.printers.encoding', defaultMessage: 'Characters' },
  encBig5: { id: 'staff.printers.enc.big5', defaultMessage: 'Traditional Chinese (Big5-HKSCS)' },
  encGb18030: { id: 'staff.printers.enc.gb18030', defaultMessage: 'Simplified Chinese (GB18030)' },
  encUtf8: { id: 'staff.printers.enc.utf8', defaultMessage: 'Unicode (UTF-8)' },
  language: { id: 'staff.printers.language', defaultMessage: 'Ticket language' },
  langZhCN: { id: 'staff.printers.lang.zhCN', defaultMessage: 'Simplified Chinese' },
  langZhTW: { id: 'staff.printers.lang.zhTW', defaultMessage: 'Traditional Chinese' },
  langEn: { id: 'staff.printers.lang.en', defaultMessage: 'English' },
  cut: { id: 'staff.printers.cut', defaultMessage: 'Cut the paper after each ticket' },
  save: { id: 'staff.printers.save', defaultMessage: 'Add the printer' },
  saving: { id: 'staff.printers.saving', defaultMessage: 'Adding…' },
  needName: { id: 'staff.printers.needName', defaultMessage: 'Give the printer a name and its address.' },
  needStations: { id: 'staff.printers.needStations', defaultMessage: 'Choose the stations it prints, or every station.' },
  badPort: { id: 'staff.printers.badPort', defaultMessage: 'The port is a number from 1 to 65535 (printers use 9100).' },
  notAllowed: { id: 'staff.printers.notAllowed', defaultMessage: 'Only a manager or the owner may add or remove printers.' },
  refused: { id: 'staff.printers.refused', defaultMessage: 'Not saved: {reason}' },
});

// The protocol's lists, written again here as types allow (a value import would bring zod into the chunk).
const PRINTER_ENCODINGS = ['big5', 'gb18030', 'utf8'] as const satisfies readonly PrinterJson['encoding'][];
const PRINTER_LANGUAGES = ['zh-TW', 'zh-CN', 'en'] as const satisfies readonly PrinterJson['language'][];

const ENCODING_LABEL = { big5: m.encBig5, gb18030: m.encGb18030, utf8: m.encUtf8 } as const;
const LANGUAGE_LABEL = { 'zh-CN': m.langZhCN, 'zh-TW': m.langZhTW, en: m.langEn } as const;
const STATE_LABEL = { online: m.online, offline: m.offline, unknown: m.unknown } as const;

type Station = { stationId: string; name: string };

export default function PrintersSection({ api, session }: SectionProps) {
  return <PrintersPanel api={api} baseId={session.outlet.baseId} />;
}

export function PrintersPanel({ api, baseId, refreshMs = PRINTERS_REFRESH_MS }: { api: StaffApi; baseId: string; refreshMs?: number }) {
  const intl = useIntl();
  const [printers, setPrinters] = useState<PrinterJson[] | null>(null);
  const [stations, setStations] = useState<Station[]>([]);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    try {
      const [p, s] = await Promise.all([api.call('GET /staff/printers', { query: { baseId } }), api.call('GET /staff/stations', { query: { baseId } })]);
      setPrinters(p.printers);
      setStations(s.stations);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [api, baseId]);

  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), refreshMs);
    return () => clearInterval(timer);
  }, [load, refreshMs]);

  const refusal = useCallback((err: unknown) => refusalMessage(intl, err, m), [intl]);

  const { notice, act } = useRowAction(refusal, load);
  const remove = (p: PrinterJson) => act(intl.formatMessage(m.confirmRemove, { name: p.name }), () => api.call('DELETE /staff/printers/:id', { params: { id: p.printerId } }));

  return (
    <section className="staff-panel printers" aria-labelledby="printers-title">
      <h2 id="printers-title">
        <FormattedMessage {...m.title} />
      </h2>
      {!printers ? (
        <p role={failed ? 'alert' : 'status'}>
          <FormattedMessage {...(failed ? m.failed : m.loading)} />
        </p>
      ) : printers.length === 0 ? (
        <p>
          <FormattedMessage {...m.none} />
        </p>
      ) : (
        <ul className="printer-list">
          {printers.map((p) => (
            <li key={p.printerId} className={`printer printer-${p.state}`} aria-label={p.name}>
              <h3>
                {p.name} <span className={`tag state-${p.state}`}>{intl.formatMessage(STATE_LABEL[p.state])}</span>
              </h3>
              <p>
                <FormattedMessage {...m.waiting} values={{ count: p.waiting }} />
              </p>
              <dl>
                <dt>
                  <FormattedMessage {...m.address} />
                </dt>
                <dd>
                  {p.host}:{p.port}
                </dd>
                <dt>
                  <FormattedMessage {...m.stations} />
                </dt>
                <dd>{p.allStations ? intl.formatMessage(m.allStations) : p.stations.map((s) => s.name).join(', ')}</dd>
                <dt>
                  <FormattedMessage {...m.paper} />
                </dt>
                <dd>
                  <FormattedMessage {...m.paperWidth} values={{ width: p.width }} /> · {intl.formatMessage(ENCODING_LABEL[p.encoding])} · {intl.formatMessage(LANGUAGE_LABEL[p.language])}
                </dd>
              </dl>
              {p.lastError && p.state === 'offline' && (
                <p className="note">
                  <FormattedMessage {...m.lastError} values={{ error: p.lastError }} />
                </p>
              )}
              <button type="button" className="btn" onClick={() => void remove(p)}>
                <FormattedMessage {...m.remove} values={{ name: p.name }} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Problem text={notice} />
      <AddPrinter api={api} baseId={baseId} stations={stations} refusal={refusal} onAdded={load} />
    </section>
  );
}

function AddPrinter({
  api,
  baseId,
  stations,
  refusal,
  onAdded,
}: {
  api: StaffApi;
  baseId: string;
  stations: Station[];
  refusal: (err: unknown) => string;
  onAdded: () => Promise<void>;
}) {
  const intl = useIntl();
  const [form, setForm] = useState({ name: '', host: '', port: '9100', width: '80', encoding: 'big5', language: 'zh-TW', cut: true, all: false, chosen: [] as string[] });
  const adding = useAddForm(refusal);
  const change = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));

  const handleSubmit = () => {
    const port = Number(form.port);
    void adding.submit(
      () => {
        if (!form.name.trim() || !form.host.trim()) return intl.formatMessage(m.needName);
        if (!Number.isInteger(port) || port < 1 || port > 65535) return intl.formatMessage(m.badPort);
        if (!form.all && form.chosen.length === 0) return intl.formatMessage(m.needStations);
        return null;
      },
      async () => {
        await api.call('POST /staff/printers', {
          body: {
            baseId,
            name: form.name.trim(),
            host: form.host.trim(),
            port,
            stations: form.all ? ['*'] : form.chosen,
            encoding: form.encoding as (typeof PRINTER_ENCODINGS)[number],
            width: form.width === '58' ? 58 : 80,
            language: form.language as (typeof PRINTER_LANGUAGES)[number],
            cut: form.cut,
          },
        });
        setForm((f) => ({ ...f, name: '', host: '', chosen: [], all: false }));
        await onAdded();
      },
    );
  };

  return (
    <AddForm form={adding} title={m.add} submitLabel={m.save} savingLabel={m.saving} onSubmit={handleSubmit}>
      <label>
        <FormattedMessage {...m.name} />
        <input type="text" maxLength={60} value={form.name} onChange={(e) => change({ name: e.target.value })} />
      </label>
      <label>
        <FormattedMessage {...m.host} />
        <input type="text" maxLength={253} inputMode="url" value={form.host} onChange={(e) => change({ host: e.target.value })} />
      </label>
      <label>
        <FormattedMessage {...m.port} />
        <input type="text" inputMode="numeric" maxLength={5} value={form.port} onChange={(e) => change({ port: e.target.value })} />
      </label>
      <fieldset>
        <legend>
          <FormattedMessage {...m.stations} />
        </legend>
        <label className="check">
          <input type="checkbox" checked={form.all} onChange={(e) => change({ all: e.target.checked })} />
          <FormattedMessage {...m.allStations} />
        </label>
        {stations.map((s) => (
          <label key={s.stationId} className="check">
            <input
              type="checkbox"
              disabled={form.all}
              checked={form.all || form.chosen.includes(s.stationId)}
              onChange={(e) => change({ chosen: e.target.checked ? [...form.chosen, s.stationId] : form.chosen.filter((c) => c !== s.stationId) })}
            />
            {s.name}
          </label>
        ))}
      </fieldset>
      <label>
        <FormattedMessage {...m.width} />
        <select value={form.width} onChange={(e) => change({ width: e.target.value })}>
          {['80', '58'].map((w) => (
            <option key={w} value={w}>
              {intl.formatMessage(m.paperWidth, { width: w })}
            </option>
          ))}
        </select>
      </label>
      <label>
        <FormattedMessage {...m.encoding} />
        <select value={form.encoding} onChange={(e) => change({ encoding: e.target.value })}>
          {PRINTER_ENCODINGS.map((enc) => (
            <option key={enc} value={enc}>
              {intl.formatMessage(ENCODING_LABEL[enc])}
            </option>
          ))}
        </select>
      </label>
      <label>
        <FormattedMessage {...m.language} />
        <select value={form.language} onChange={(e) => change({ language: e.target.value })}>
          {PRINTER_LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {intl.formatMessage(LANGUAGE_LABEL[l])}
            </option>
          ))}
        </select>
      </label>
      <label className="check">
        <input type="checkbox" checked={form.cut} onChange={(e) => change({ cut: e.target.checked })} />
        <FormattedMessage {...m.cut} />
      </label>
    </AddForm>
  );
}
