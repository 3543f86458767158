/**
 * The ready board's links of the outlet (issue 26 section 4): a manager or the
 * owner creates a link for the TV at the pickup counter (its name and how long
 * a ready number stays on the board), sees it once to copy (the service keeps
 * only its hash), lists the outlet's links and revokes one (its board stops at
 * once). The service decides who may (GET/POST/DELETE /staff/board-links are
 * owners' and managers' of the outlet: a kitchen or cashier account is refused,
 * and the screen says so).
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { defineMessages } from '../../ui-kit/defineMessages';
import type { BoardLinkJson } from '../../shared/protocol/staffBoard';
import { StaffError, type StaffApi } from '../api';
import type { SectionProps } from '../app/sectionProps';
import { AddForm, Problem, refusalMessage, useAddForm, useRowAction } from '../ui/AddForm';

const m = defineMessages({
  title: { id: 'staff.boards.title', defaultMessage: 'Ready board links' },
  intro: {
    id: 'staff.boards.intro',
    defaultMessage: 'A board link opens the ready board on a TV at the pickup counter, with no sign-in. It shows pickup numbers only. Revoke a link when its TV is gone.',
  },
  loading: { id: 'staff.boards.loading', defaultMessage: 'Loading the board links…' },
  failed: { id: 'staff.boards.failed', defaultMessage: 'The board links could not be loaded.' },
  none: { id: 'staff.boards.none', defaultMessage: 'No board link yet.' },
  unnamed: { id: 'staff.boards.unnamed', defaultMessage: 'Unnamed board' },
  active: { id: 'staff.boards.active', defaultMessage: 'In use' },
  revoked: { id: 'staff.boards.revoked', defaultMessage: 'Revoked {at}' },
  created: { id: 'staff.boards.created', defaultMessage: 'Created {at} by {who}' },
  keeps: { id: 'staff.boards.keeps', defaultMessage: 'Ready numbers stay {minutes, plural, one {# minute} other {# minutes}}' },
  revoke: { id: 'staff.boards.revoke', defaultMessage: 'Revoke {name}' },
  confirmRevoke: { id: 'staff.boards.confirmRevoke', defaultMessage: 'Revoke the board link {name}? Its board stops showing numbers at once.' },
  add: { id: 'staff.boards.add', defaultMessage: 'New board link' },
  name: { id: 'staff.boards.name', defaultMessage: 'Name (where the TV is)' },
  minutes: { id: 'staff.boards.minutes', defaultMessage: 'Minutes a ready number stays on the board' },
  create: { id: 'staff.boards.create', defaultMessage: 'Create the link' },
  creating: { id: 'staff.boards.creating', defaultMessage: 'Creating…' },
  badMinutes: { id: 'staff.boards.badMinutes', defaultMessage: 'The minutes are a whole number from 1 to 240.' },
  madeTitle: { id: 'staff.boards.madeTitle', defaultMessage: 'The new board link' },
  madeNote: { id: 'staff.boards.madeNote', defaultMessage: 'Open it on the TV now, or copy it: it is shown only this once.' },
  link: { id: 'staff.boards.link', defaultMessage: 'Board link' },
  copy: { id: 'staff.boards.copy', defaultMessage: 'Copy the link' },
  copied: { id: 'staff.boards.copied', defaultMessage: 'Copied.' },
  notAllowed: { id: 'staff.boards.notAllowed', defaultMessage: 'Only a manager of this outlet or the owner may manage board links.' },
  refused: { id: 'staff.boards.refused', defaultMessage: 'Not done: {reason}' },
});

export default function BoardLinksSection({ api, session }: SectionProps) {
  return <BoardLinksPanel api={api} baseId={session.outlet.baseId} />;
}

export function BoardLinksPanel({ api, baseId }: { api: StaffApi; baseId: string }) {
  const intl = useIntl();
  const id = useId();
  const [links, setLinks] = useState<BoardLinkJson[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [made, setMade] = useState<{ name: string; url: string } | null>(null);
  const [copied, setCopied] = useState(false);

  const refusal = useCallback((err: unknown) => refusalMessage(intl, err, m), [intl]);

  const load = useCallback(async () => {
    try {
      const answer = await api.call('GET /staff/board-links', { query: { baseId } });
      setLinks(answer.links);
      setFailed(null);
    } catch (err) {
      setFailed(err instanceof StaffError && err.status === 403 ? intl.formatMessage(m.notAllowed) : intl.formatMessage(m.failed));
    }
  }, [api, baseId, intl]);

  useEffect(() => {
    void load();
  }, [load]);

  const when = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
  const nameOf = (l: Pick<BoardLinkJson, 'name'>) => l.name || intl.formatMessage(m.unnamed);

  const { notice, act } = useRowAction(refusal, load);
  const revoke = (link: BoardLinkJson) =>
    act(intl.formatMessage(m.confirmRevoke, { name: nameOf(link) }), () => api.call('DELETE /staff/board-links/:id', { params: { id: link.linkId } }));

  const copy = async () => {
    if (!made) return;
    try {
      await navigator.clipboard.writeText(made.url);
      setCopied(true);
    } catch {
      // No clipboard (an insecure page, a refusal): the field is selected to copy by hand.
      (document.getElementById(`${id}-made`) as HTMLInputElement | null)?.select();
    }
  };

  return (
    <section className="staff-panel board-links" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <FormattedMessage {...m.title} />
      </h2>
      <p className="muted">
        <FormattedMessage {...m.intro} />
      </p>
      {made && (
        <section className="board-link-made" aria-labelledby={`${id}-made-title`}>
          <h3 id={`${id}-made-title`}>
            <FormattedMessage {...m.madeTitle} />: {made.name}
          </h3>
          <p>
            <FormattedMessage {...m.madeNote} />
          </p>
          <label>
            <FormattedMessage {...m.link} />
            <input id={`${id}-made`} type="text" readOnly value={made.url} onFocus={(e) => e.target.select()} />
          </label>
          <button type="button" className="btn" onClick={() => void copy()}>
            <FormattedMessage {...m.copy} />
          </button>
          {copied && (
            <span role="status">
              <FormattedMessage {...m.copied} />
            </span>
          )}
        </section>
      )}
      {!links ? (
        <p role={failed ? 'alert' : 'status'}>{failed ?? intl.formatMessage(m.loading)}</p>
      ) : links.length === 0 ? (
        <p>
          <FormattedMessage {...m.none} />
        </p>
      ) : (
        <ul className="board-link-list">
          {links.map((l) => (
            <li key={l.linkId} aria-label={nameOf(l)} className={l.revokedAt ? 'revoked' : 'active'}>
              <h3>
                {nameOf(l)}{' '}
                <span className={`tag${l.revokedAt ? '' : ' state-online'}`}>
                  {l.revokedAt ? intl.formatMessage(m.revoked, { at: when(l.revokedAt) }) : intl.formatMessage(m.active)}
                </span>
              </h3>
              <p>
                <FormattedMessage {...m.created} values={{ at: when(l.createdAt), who: l.createdBy }} /> ·{' '}
                <FormattedMessage {...m.keeps} values={{ minutes: l.readyMinutes }} />
              </p>
              {!l.revokedAt && (
                <button type="button" className="btn" onClick={() => void revoke(l)}>
                  <FormattedMessage {...m.revoke} values={{ name: nameOf(l) }} />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <Problem text={notice} />
      <NewLink
        api={api}
        baseId={baseId}
        refusal={refusal}
        onMade={async (name, path) => {
          setMade({ name, url: `${window.location.origin}${path}` });
          setCopied(false);
          await load();
        }}
      />
    </section>
  );
}

function NewLink({
  api,
  baseId,
  refusal,
  onMade,
}: {
  api: StaffApi;
  baseId: string;
  refusal: (err: unknown) => string;
  onMade: (name: string, path: string) => Promise<void>;
}) {
  const intl = useIntl();
  const [name, setName] = useState('');
  const [minutes, setMinutes] = useState('15');
  const form = useAddForm(refusal);

  const handleSubmit = () => {
    const readyMinutes = Number(minutes);
    void form.submit(
      () => (!/^\d+$/.test(minutes.trim()) || readyMinutes < 1 || readyMinutes > 240 ? intl.formatMessage(m.badMinutes) : null),
      async () => {
        const answer = await api.call('POST /staff/board-links', { body: { baseId, name: name.trim(), readyMinutes } });
        setName('');
        await onMade(answer.link.name || intl.formatMessage(m.unnamed), answer.path);
      },
    );
  };

  return (
    <AddForm form={form} title={m.add} submitLabel={m.create} savingLabel={m.creating} onSubmit={handleSubmit}>
      <label>
        <FormattedMessage {...m.name} />
        <input type="text" maxLength={60} value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label>
        <FormattedMessage {...m.minutes} />
        <input type="text" inputMode="numeric" maxLength={3} value={minutes} onChange={(e) => setMinutes(e.target.value)} aria-invalid={form.problem === intl.formatMessage(m.badMinutes)} />
      </label>
    </AddForm>
  );
}
