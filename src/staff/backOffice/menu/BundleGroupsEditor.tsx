/**
 * A bundle's groups (SPEC 4: goods with bundle parts, bundle item select
 * type required 0 / optional 1): each group's names in three languages,
 * whether it is required, how many parts are chosen (a required group exactly
 * that many, an optional one at most that many: the SelectQua the customer's
 * chooser enforces), its parts (other plain goods of the shop) with the extra
 * price choosing each adds, and which are chosen by default.
 */
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { defineMessages } from '../../../ui-kit/defineMessages';
import { emptyTexts, NameFields, PartFooter, priceOk, RemoveButton, shownName, usePartSave, useChecks, x, type FieldError, type PartProps, type Texts } from './extrasShared';
import type { GoodsExtras, MenuApi } from './menuApi';

const m = defineMessages({
  part: { id: 'staff.menu.bundle.part', defaultMessage: 'bundle groups' },
  none: { id: 'staff.menu.bundle.none', defaultMessage: 'No bundle groups yet.' },
  group: { id: 'staff.menu.bundle.group', defaultMessage: 'Group {n}' },
  kind: { id: 'staff.menu.bundle.kind', defaultMessage: 'The customer' },
  required: { id: 'staff.menu.bundle.required', defaultMessage: 'must choose exactly' },
  optional: { id: 'staff.menu.bundle.optional', defaultMessage: 'may choose up to' },
  choose: { id: 'staff.menu.bundle.choose', defaultMessage: 'Parts to choose' },
  extraPrice: { id: 'staff.menu.bundle.extraPrice', defaultMessage: 'Extra price of {name}' },
  extraPriceShort: { id: 'staff.menu.bundle.extraPriceShort', defaultMessage: 'Extra price' },
  isDefaultShort: { id: 'staff.menu.bundle.defaultShort', defaultMessage: 'Chosen by default' },
  isDefault: { id: 'staff.menu.bundle.default', defaultMessage: '{name} chosen by default' },
  addPart: { id: 'staff.menu.bundle.addPart', defaultMessage: 'Part to add to {group}' },
  addPartButton: { id: 'staff.menu.bundle.addPartButton', defaultMessage: 'Add the part' },
  addGroup: { id: 'staff.menu.bundle.addGroup', defaultMessage: 'Add a group' },
  errParts: { id: 'staff.menu.bundle.err.parts', defaultMessage: '{what}: add at least one part.' },
  errChoose: { id: 'staff.menu.bundle.err.choose', defaultMessage: '{what}: the parts to choose must be a whole number from 1 to {parts}.' },
  errDefaults: { id: 'staff.menu.bundle.err.defaults', defaultMessage: '{what}: at most {count} parts chosen by default.' },
  errExtra: { id: 'staff.menu.bundle.err.extra', defaultMessage: '{what}: the extra price of {name} must be an amount of at most {decimals} decimals, not negative.' },
});

interface Group {
  bomClassId: string;
  names: Texts;
  required: boolean;
  choose: string;
  items: { goodsId: string; extraPrice: string; isDefault: boolean }[];
}
const formOf = (e: GoodsExtras): Group[] => e.bundleGroups.map((g) => ({ ...g, names: { ...g.names }, choose: String(g.choose), items: g.items.map((i) => ({ ...i })) }));

export function BundleGroupsEditor({ api, goods, extras, language, decimals, onSaved, parts }: PartProps & { api: MenuApi; parts: { goodsId: string; name: string }[] }) {
  const intl = useIntl();
  const [groups, setGroups] = useState<Group[]>(() => formOf(extras));
  const [picks, setPicks] = useState<Record<number, string>>({});
  const { busy, errors, notice, save, invalid } = usePartSave(onSaved, (e) => setGroups(formOf(e)));
  const checks = useChecks(language, decimals);
  const set = (i: number, g: Partial<Group>) => setGroups((all) => all.map((v, j) => (j === i ? { ...v, ...g } : v)));
  const what = (i: number) => `${intl.formatMessage(m.group, { n: i + 1 })}${groups[i] && shownName(groups[i]!.names, language) ? ` (${shownName(groups[i]!.names, language)})` : ''}`;
  const partName = (id: string) => parts.find((p) => p.goodsId === id)?.name ?? id;

  function check(): FieldError[] {
    const out: FieldError[] = [];
    groups.forEach((g, i) => {
      checks.name(g.names, what(i), `groups.${i}.names`, out);
      const n = Number(g.choose);
      if (g.items.length === 0) out.push({ field: `groups.${i}.items`, message: intl.formatMessage(m.errParts, { what: what(i) }) });
      else if (!/^\d+$/.test(g.choose.trim()) || n < 1 || n > g.items.length) out.push({ field: `groups.${i}.choose`, message: intl.formatMessage(m.errChoose, { what: what(i), parts: g.items.length }) });
      else if (g.items.filter((it) => it.isDefault).length > n) out.push({ field: `groups.${i}.items`, message: intl.formatMessage(m.errDefaults, { what: what(i), count: n }) });
      g.items.forEach((it, j) => {
        if (!priceOk(it.extraPrice || '0', decimals)) out.push({ field: `groups.${i}.items.${j}.extraPrice`, message: intl.formatMessage(m.errExtra, { what: what(i), name: partName(it.goodsId), decimals }) });
      });
    });
    return out;
  }

  const onSave = () =>
    void save(check, () =>
      api.saveBundleGroups(goods.goodsId, {
        version: extras.version,
        groups: groups.map((g) => ({ ...(g.bomClassId ? { bomClassId: g.bomClassId } : {}), names: g.names, required: g.required, choose: Number(g.choose), items: g.items.map((it) => ({ ...it, extraPrice: it.extraPrice.trim() || '0' })) })),
      }),
    );

  return (
    <div className="extras-part">
      {groups.length === 0 && <p className="muted">{intl.formatMessage(m.none)}</p>}
      {groups.map((g, i) => {
        const title = intl.formatMessage(m.group, { n: i + 1 });
        const addable = parts.filter((p) => !g.items.some((it) => it.goodsId === p.goodsId));
        return (
          <fieldset key={g.bomClassId || `new-${i}`}>
            <legend>{what(i)}</legend>
            <NameFields what={title} names={g.names} language={language} maxLength={40} invalid={(l) => invalid(`groups.${i}.names.${l}`)} onChange={(names) => set(i, { names })} />
            <div className="grid">
              <label>
                <span>{`${title} · ${intl.formatMessage(m.kind)}`}</span>
                <select value={g.required ? 'required' : 'optional'} onChange={(e) => set(i, { required: e.target.value === 'required' })}>
                  <option value="required">{intl.formatMessage(m.required)}</option>
                  <option value="optional">{intl.formatMessage(m.optional)}</option>
                </select>
              </label>
              <label>
                <span>{`${title} · ${intl.formatMessage(m.choose)}`}</span>
                <input {...invalid(`groups.${i}.choose`)} inputMode="numeric" value={g.choose} onChange={(e) => set(i, { choose: e.target.value })} />
              </label>
              <RemoveButton name={what(i)} onClick={() => setGroups((all) => all.filter((_, j) => j !== i))} />
            </div>
            <ul className="bundle-parts">
              {g.items.map((it, j) => {
                const name = partName(it.goodsId);
                return (
                  <li key={it.goodsId}>
                    <strong>{name}</strong>
                    <label>
                      <span>{intl.formatMessage(m.extraPriceShort)}</span>
                      <input {...invalid(`groups.${i}.items.${j}.extraPrice`)} aria-label={intl.formatMessage(m.extraPrice, { name })} inputMode="decimal" value={it.extraPrice} placeholder="0" onChange={(e) => set(i, { items: g.items.map((v, k) => (k === j ? { ...v, extraPrice: e.target.value } : v)) })} />
                    </label>
                    <label className="check">
                      <input type="checkbox" aria-label={intl.formatMessage(m.isDefault, { name })} checked={it.isDefault} onChange={(e) => set(i, { items: g.items.map((v, k) => (k === j ? { ...v, isDefault: e.target.checked } : v)) })} />
                      {intl.formatMessage(m.isDefaultShort)}
                    </label>
                    <RemoveButton name={`${title}: ${name}`} danger={false} onClick={() => set(i, { items: g.items.filter((_, k) => k !== j) })} />
                  </li>
                );
              })}
            </ul>
            {addable.length > 0 && (
              <div className="grid">
                <label>
                  <span>{intl.formatMessage(m.addPart, { group: title })}</span>
                  <select value={picks[i] ?? ''} onChange={(e) => setPicks((p) => ({ ...p, [i]: e.target.value }))}>
                    <option value="">{intl.formatMessage(x.pick)}</option>
                    {addable.map((p) => (
                      <option key={p.goodsId} value={p.goodsId}>
                        {p.name}
                      </option>
                    ))}
                  </select>
                </label>
                <button
                  type="button"
                  className="btn"
                  disabled={!picks[i]}
                  onClick={() => {
                    set(i, { items: [...g.items, { goodsId: picks[i]!, extraPrice: '', isDefault: false }] });
                    setPicks((p) => ({ ...p, [i]: '' }));
                  }}
                >
                  {intl.formatMessage(m.addPartButton)}
                </button>
              </div>
            )}
          </fieldset>
        );
      })}
      <button type="button" className="btn" onClick={() => setGroups((all) => [...all, { bomClassId: '', names: emptyTexts(), required: true, choose: '1', items: [] }])}>
        {intl.formatMessage(m.addGroup)}
      </button>
      <PartFooter part={intl.formatMessage(m.part)} busy={busy} errors={errors} notice={notice} onSave={onSave} />
    </div>
  );
}
