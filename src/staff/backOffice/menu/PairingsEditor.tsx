/**
 * "Goes well with" (issue 29 section 3): the goods offered once after this
 * one is added, at most 8, of the same shop, in the order chosen here. Saved
 * on the allergen editor's version (AllergensEditor, which shows it).
 */
import { useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { MAX_PAIRINGS } from '../../../shared/domain/diet';
import type { GoodsDietJson } from '../../../shared/protocol/staffAllergens';
import { defineMessages } from '../../../ui-kit/defineMessages';
import { localName } from '../../../ui-kit/localName';
import type { StaffLocale } from '../../i18n/locale';
import type { MenuAnswer, MenuApi } from './menuApi';

const pm = defineMessages({
  title: { id: 'staff.menu.pairings.title', defaultMessage: 'Goes well with (at most {max})' },
  none: { id: 'staff.menu.pairings.none', defaultMessage: 'Nothing paired yet.' },
  remove: { id: 'staff.menu.pairings.remove', defaultMessage: 'Remove {name}' },
  choose: { id: 'staff.menu.pairings.choose', defaultMessage: 'Goods to pair' },
  add: { id: 'staff.menu.pairings.add', defaultMessage: 'Add to the pairings' },
  save: { id: 'staff.menu.pairings.save', defaultMessage: 'Save pairings' },
  saved: { id: 'staff.menu.pairings.saved', defaultMessage: 'Pairings saved.' },
});

export function PairingsEditor({
  api,
  diet,
  menu,
  locale,
  onSaved,
  onRefused,
}: {
  api: MenuApi;
  diet: GoodsDietJson;
  menu: MenuAnswer;
  locale: StaffLocale;
  onSaved: (d: GoodsDietJson) => void;
  onRefused: (err: unknown) => void;
}) {
  const intl = useIntl();
  const id = useId();
  const [ids, setIds] = useState<string[]>(() => diet.pairings.map((p) => p.goodsId));
  const [pick, setPick] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => setIds(diet.pairings.map((p) => p.goodsId)), [diet]);

  const nameOf = (goodsId: string) => {
    const g = menu.goods.find((x) => x.goodsId === goodsId);
    return g ? localName(g.names, locale) || g.code : (diet.pairings.find((p) => p.goodsId === goodsId)?.name ?? goodsId);
  };
  const candidates = menu.goods.filter((g) => !g.archived && g.goodsId !== diet.goodsId && !ids.includes(g.goodsId));

  async function save() {
    setBusy(true);
    setNotice('');
    try {
      const r = await api.call('PUT /staff/goods/:id/pairings', { params: { id: diet.goodsId }, body: { version: diet.version, goodsIds: ids } });
      onSaved(r.diet);
      setNotice(intl.formatMessage(pm.saved));
    } catch (err) {
      onRefused(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="pairings-editor"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h4 id={`${id}-title`}>{intl.formatMessage(pm.title, { max: MAX_PAIRINGS })}</h4>
      {ids.length === 0 ? (
        <p className="muted">{intl.formatMessage(pm.none)}</p>
      ) : (
        <ol>
          {ids.map((g) => (
            <li key={g}>
              {nameOf(g)}{' '}
              <button type="button" className="btn" onClick={() => setIds((all) => all.filter((x) => x !== g))}>
                {intl.formatMessage(pm.remove, { name: nameOf(g) })}
              </button>
            </li>
          ))}
        </ol>
      )}
      <label>
        {intl.formatMessage(pm.choose)}
        <select value={pick} onChange={(e) => setPick(e.target.value)}>
          <option value="" />
          {candidates.map((g) => (
            <option key={g.goodsId} value={g.goodsId}>
              {localName(g.names, locale) || g.code} (#{g.code})
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="btn"
        disabled={!pick || ids.length >= MAX_PAIRINGS}
        onClick={() => {
          setIds((all) => [...all, pick]);
          setPick('');
        }}
      >
        {intl.formatMessage(pm.add)}
      </button>
      {notice && <p role="status">{notice}</p>}
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {intl.formatMessage(pm.save)}
        </button>
      </div>
    </form>
  );
}
