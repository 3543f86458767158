/**
 * The staff accounts (issue 26 section 1) and the audit: an owner adds
 * accounts (role, outlets, password, PIN), resets a password, sets a PIN,
 * disables or enables an account (with the version it read: a change made
 * meanwhile by someone else is refused and shown fresh), and reads the audit
 * of every staff action; a manager sees the accounts of their outlets. The
 * service decides: what it refuses is said here.
 */
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { defineMessages } from '../../ui-kit/defineMessages';
import { localName } from '../../ui-kit/localName';
import type { StaffAccount, StaffRole } from '../../shared/protocol/staffAccounts';
import { StaffError, type Outlet, type StaffApi, type StaffAnswerOf } from '../api';
import type { SectionProps } from '../app/sectionProps';
import type { StaffLocale } from '../i18n/locale';

const m = defineMessages({
  title: { id: 'staff.accounts.title', defaultMessage: 'Staff accounts' },
  loading: { id: 'staff.accounts.loading', defaultMessage: 'Loading the accounts…' },
  failed: { id: 'staff.accounts.failed', defaultMessage: 'The accounts could not be loaded.' },
  notAllowed: { id: 'staff.accounts.notAllowed', defaultMessage: 'Only the owner or a manager may see the staff accounts.' },
  roleOwner: { id: 'staff.accounts.role.owner', defaultMessage: 'Owner' },
  roleManager: { id: 'staff.accounts.role.manager', defaultMessage: 'Manager' },
  roleCashier: { id: 'staff.accounts.role.cashier', defaultMessage: 'Cashier' },
  roleKitchen: { id: 'staff.accounts.role.kitchen', defaultMessage: 'Kitchen' },
  everyOutlet: { id: 'staff.accounts.everyOutlet', defaultMessage: 'Every outlet' },
  disabled: { id: 'staff.accounts.disabled', defaultMessage: 'Disabled' },
  noPin: { id: 'staff.accounts.noPin', defaultMessage: 'No PIN' },
  disable: { id: 'staff.accounts.disable', defaultMessage: 'Disable {name}' },
  enable: { id: 'staff.accounts.enable', defaultMessage: 'Enable {name}' },
  resetPassword: { id: 'staff.accounts.resetPassword', defaultMessage: 'New password for {name}' },
  setPin: { id: 'staff.accounts.setPin', defaultMessage: 'New PIN for {name}' },
  apply: { id: 'staff.accounts.apply', defaultMessage: 'Save' },
  saved: { id: 'staff.accounts.saved', defaultMessage: 'Saved.' },
  refused: { id: 'staff.accounts.refused', defaultMessage: 'Not saved: {reason}' },
  add: { id: 'staff.accounts.add', defaultMessage: 'Add an account' },
  login: { id: 'staff.accounts.login', defaultMessage: 'Login name' },
  displayName: { id: 'staff.accounts.displayName', defaultMessage: 'Name shown' },
  role: { id: 'staff.accounts.role', defaultMessage: 'Role' },
  outlets: { id: 'staff.accounts.outlets', defaultMessage: 'Outlets' },
  password: { id: 'staff.accounts.password', defaultMessage: 'Password (at least 10 characters)' },
  pin: { id: 'staff.accounts.pin', defaultMessage: 'PIN (4 to 6 digits, for approvals)' },
  create: { id: 'staff.accounts.create', defaultMessage: 'Add the account' },
  needFields: { id: 'staff.accounts.needFields', defaultMessage: 'Fill in the login name, the name shown and a password of at least 10 characters.' },
  badPin: { id: 'staff.accounts.badPin', defaultMessage: 'A PIN is 4 to 6 digits.' },
  needOutlet: { id: 'staff.accounts.needOutlet', defaultMessage: 'Choose at least one outlet for this role.' },
  audit: { id: 'staff.accounts.audit', defaultMessage: 'Audit of staff actions' },
  auditWhen: { id: 'staff.accounts.auditWhen', defaultMessage: 'When' },
  auditWho: { id: 'staff.accounts.auditWho', defaultMessage: 'Who' },
  auditWhat: { id: 'staff.accounts.auditWhat', defaultMessage: 'Action' },
  auditTarget: { id: 'staff.accounts.auditTarget', defaultMessage: 'On' },
  auditOlder: { id: 'staff.accounts.auditOlder', defaultMessage: 'Older entries' },
  auditNone: { id: 'staff.accounts.auditNone', defaultMessage: 'No staff action recorded yet.' },
});

const ROLES: readonly StaffRole[] = ['owner', 'manager', 'cashier', 'kitchen'];
const ROLE_LABEL: Record<StaffRole, MessageDescriptor> = { owner: m.roleOwner, manager: m.roleManager, cashier: m.roleCashier, kitchen: m.roleKitchen };
const PIN = /^\d{4,6}$/;
const AUDIT_PAGE = 50;

type AuditEntry = StaffAnswerOf<'GET /staff/audit'>['entries'][number];

export default function AccountsSection({ api, locale }: SectionProps) {
  return <AccountsPanel api={api} locale={locale} />;
}

export function AccountsPanel({ api, locale }: { api: StaffApi; locale: StaffLocale }) {
  const intl = useIntl();
  const [accounts, setAccounts] = useState<StaffAccount[] | null>(null);
  const [outlets, setOutlets] = useState<Outlet[]>([]);
  const [me, setMe] = useState<StaffAnswerOf<'GET /staff/me'> | null>(null);
  const [state, setState] = useState<'loading' | 'failed' | 'forbidden' | 'ready'>('loading');
  const [notice, setNotice] = useState<{ text: string; alert: boolean } | null>(null);

  const load = useCallback(async () => {
    try {
      const [list, where, who] = await Promise.all([api.call('GET /staff/accounts', { body: undefined }), api.outlets(), api.call('GET /staff/me', { body: undefined })]);
      setAccounts(list.accounts);
      setOutlets(where);
      setMe(who);
      setState('ready');
    } catch (err) {
      setState(err instanceof StaffError && err.status === 403 ? 'forbidden' : 'failed');
    }
  }, [api]);
  useEffect(() => void load(), [load]);

  const owner = me?.kind === 'automation' || (me?.kind === 'account' && me.account.role === 'owner');
  const outletName = (id: string) => {
    const o = outlets.find((x) => x.baseId === id);
    return o ? localName({ zh: o.name, tw: o.nameTw, en: o.nameEn }, locale) : id;
  };
  /** Runs a change, then reads the accounts again: a refused change (one made meanwhile by someone else) shows the accounts as they are now. */
  const act = async (change: () => Promise<unknown>) => {
    try {
      await change();
      setNotice({ text: intl.formatMessage(m.saved), alert: false });
    } catch (err) {
      // The service's own words, in the screen's language (a change made meanwhile: 'Someone changed this account meanwhile...').
      const text = intl.formatMessage(m.refused, { reason: err instanceof Error ? err.message : String(err) });
      setNotice({ text, alert: true });
    }
    await load();
  };

  if (state !== 'ready' || !accounts)
    return (
      <section className="staff-panel accounts" aria-labelledby="accounts-title">
        <h2 id="accounts-title">
          <FormattedMessage {...m.title} />
        </h2>
        <p role={state === 'loading' ? 'status' : 'alert'}>
          <FormattedMessage {...(state === 'forbidden' ? m.notAllowed : state === 'failed' ? m.failed : m.loading)} />
        </p>
      </section>
    );

  return (
    <section className="staff-panel accounts" aria-labelledby="accounts-title">
      <h2 id="accounts-title">
        <FormattedMessage {...m.title} />
      </h2>
      {notice && (
        <p role={notice.alert ? 'alert' : 'status'} className={notice.alert ? 'field-error' : 'muted'}>
          {notice.text}
        </p>
      )}
      <ul className="account-list">
        {accounts.map((a) => (
          <li key={a.accountId} aria-label={a.displayName} className={a.disabled ? 'account disabled' : 'account'}>
            <h3>
              {a.displayName} <span className="muted">({a.login})</span>
            </h3>
            <p>
              {intl.formatMessage(ROLE_LABEL[a.role])} · {a.role === 'owner' ? intl.formatMessage(m.everyOutlet) : a.outlets.map(outletName).join(', ')}
              {!a.hasPin && <> · {intl.formatMessage(m.noPin)}</>}
              {a.disabled && <> · {intl.formatMessage(m.disabled)}</>}
            </p>
            {owner && (
              <div className="account-actions">
                <button
                  type="button"
                  className="btn"
                  onClick={() => void act(() => api.call('PATCH /staff/accounts/:id', { params: { id: a.accountId }, body: { version: a.version, disabled: !a.disabled } }))}
                >
                  <FormattedMessage {...(a.disabled ? m.enable : m.disable)} values={{ name: a.displayName }} />
                </button>
                <SecretField
                  label={intl.formatMessage(m.resetPassword, { name: a.displayName })}
                  check={(v) => (v.length >= 10 ? null : intl.formatMessage(m.needFields))}
                  onSave={(password) => act(() => api.call('POST /staff/accounts/:id/password', { params: { id: a.accountId }, body: { password } }))}
                />
                <SecretField
                  label={intl.formatMessage(m.setPin, { name: a.displayName })}
                  numeric
                  check={(v) => (PIN.test(v) ? null : intl.formatMessage(m.badPin))}
                  onSave={(pin) => act(() => api.call('POST /staff/accounts/:id/pin', { params: { id: a.accountId }, body: { pin } }))}
                />
              </div>
            )}
          </li>
        ))}
      </ul>
      {owner && <AddAccount outlets={outlets} outletName={outletName} onAdd={(body) => act(() => api.call('POST /staff/accounts', { body }))} />}
      {owner && <Audit api={api} />}
    </section>
  );
}

/** A password or PIN typed for one account, with its own Save. */
function SecretField({ label, numeric, check, onSave }: { label: string; numeric?: boolean; check: (value: string) => string | null; onSave: (value: string) => Promise<void> }) {
  const id = useId();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const p = check(value);
    setProblem(p);
    if (p) return;
    await onSave(value);
    setValue('');
  };
  return (
    <form className="inline-form" onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={id}>{label}</label>
      <input id={id} type="password" autoComplete="new-password" inputMode={numeric ? 'numeric' : undefined} maxLength={numeric ? 6 : 200} value={value} onChange={(e) => setValue(e.target.value)} />
      <button type="submit" className="btn">
        <FormattedMessage {...m.apply} />
      </button>
      {problem && (
        <p role="alert" className="field-error">
          {problem}
        </p>
      )}
    </form>
  );
}

type NewAccount = { login: string; displayName: string; role: StaffRole; outlets: string[]; password: string; pin?: string };

function AddAccount({ outlets, outletName, onAdd }: { outlets: Outlet[]; outletName: (id: string) => string; onAdd: (body: NewAccount) => Promise<void> }) {
  const intl = useIntl();
  const id = useId();
  const empty: NewAccount & { pin: string } = { login: '', displayName: '', role: 'kitchen', outlets: [], password: '', pin: '' };
  const [form, setForm] = useState(empty);
  const [problem, setProblem] = useState<string | null>(null);
  const change = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form.login.trim() || !form.displayName.trim() || form.password.length < 10) return setProblem(intl.formatMessage(m.needFields));
    if (form.pin && !PIN.test(form.pin)) return setProblem(intl.formatMessage(m.badPin));
    if (form.role !== 'owner' && form.outlets.length === 0) return setProblem(intl.formatMessage(m.needOutlet));
    setProblem(null);
    const { pin, ...rest } = form;
    await onAdd({ ...rest, login: rest.login.trim(), displayName: rest.displayName.trim(), ...(pin ? { pin } : {}) });
    setForm(empty);
  };
  return (
    <form className="staff-form" aria-labelledby={`${id}-title`} onSubmit={(e) => void submit(e)} noValidate>
      <h3 id={`${id}-title`}>
        <FormattedMessage {...m.add} />
      </h3>
      <label>
        <FormattedMessage {...m.login} />
        <input type="text" autoComplete="off" maxLength={80} value={form.login} onChange={(e) => change({ login: e.target.value })} />
      </label>
      <label>
        <FormattedMessage {...m.displayName} />
        <input type="text" maxLength={80} value={form.displayName} onChange={(e) => change({ displayName: e.target.value })} />
      </label>
      <label>
        <FormattedMessage {...m.role} />
        <select value={form.role} onChange={(e) => change({ role: e.target.value as StaffRole })}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {intl.formatMessage(ROLE_LABEL[r])}
            </option>
          ))}
        </select>
      </label>
      <fieldset disabled={form.role === 'owner'}>
        <legend>
          <FormattedMessage {...m.outlets} />
        </legend>
        {outlets.map((o) => (
          <label key={o.baseId} className="check">
            <input
              type="checkbox"
              checked={form.outlets.includes(o.baseId)}
              onChange={(e) => change({ outlets: e.target.checked ? [...form.outlets, o.baseId] : form.outlets.filter((x) => x !== o.baseId) })}
            />
            {outletName(o.baseId)}
          </label>
        ))}
      </fieldset>
      <label>
        <FormattedMessage {...m.password} />
        <input type="password" autoComplete="new-password" maxLength={200} value={form.password} onChange={(e) => change({ password: e.target.value })} />
      </label>
      <label>
        <FormattedMessage {...m.pin} />
        <input type="password" inputMode="numeric" autoComplete="off" maxLength={6} value={form.pin} onChange={(e) => change({ pin: e.target.value })} />
      </label>
      {problem && (
        <p role="alert" className="field-error">
          {problem}
        </p>
      )}
      <button type="submit" className="btn btn-primary">
        <FormattedMessage {...m.create} />
      </button>
    </form>
  );
}

function Audit({ api }: { api: StaffApi }) {
  const intl = useIntl();
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const [more, setMore] = useState(false);
  const page = useCallback(
    async (before?: number) => {
      const { entries: got } = await api.call('GET /staff/audit', { query: { limit: AUDIT_PAGE, ...(before ? { before } : {}) } });
      setEntries((list) => (before ? [...list, ...got] : got));
      setMore(got.length === AUDIT_PAGE);
    },
    [api],
  );
  useEffect(() => void page().catch(() => undefined), [page]);
  return (
    <section aria-labelledby="audit-title" className="audit">
      <h3 id="audit-title">
        <FormattedMessage {...m.audit} />
      </h3>
      {entries.length === 0 ? (
        <p>
          <FormattedMessage {...m.auditNone} />
        </p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage(m.auditWhen)}</th>
              <th scope="col">{intl.formatMessage(m.auditWho)}</th>
              <th scope="col">{intl.formatMessage(m.auditWhat)}</th>
              <th scope="col">{intl.formatMessage(m.auditTarget)}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id}>
                <td>{intl.formatDate(e.at, { dateStyle: 'short', timeStyle: 'medium' })}</td>
                <td>{e.actorName || e.actor}</td>
                <td>{e.action}</td>
                <td>{e.target}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {more && (
        <button type="button" className="btn" onClick={() => void page(entries[entries.length - 1]?.id)}>
          <FormattedMessage {...m.auditOlder} />
        </button>
      )}
    </section>
  );
}
