/**
 * A bundle's groups (SPEC 4: goods with bundle parts): each group's names in
 * three languages, the fewest and the most parts the customer chooses ("choose
 * 1 to 3"; the group is required when the fewest is at least 1; SelectMin and
 * SelectQua, which the customer's chooser and the service enforce), its parts
 * (other plain goods of the shop) with the extra price choosing each adds, and
 * which are chosen by default.
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
  min: { id: 'staff.menu.bundle.min', defaultMessage: 'Fewest to choose' },
  choose: { id: 'staff.menu.bundle.max', defaultMessage: 'Most to choose' },
  required: { id: 'staff.menu.bundle.requiredHint', defaultMessage: 'Required: the customer chooses {min} to {max}.' },
  requiredExactly: { id: 'staff.menu.bundle.requiredExactly', defaultMessage: 'Required: the customer chooses {max}.' },
  optional: { id: 'staff.menu.bundle.optionalHint', defaultMessage: 'Optional: the customer chooses up to {max}.' },
  extraPrice: { id: 'staff.menu.bundle.extraPrice', defaultMessage: 'Extra price of {name}' },
  extraPriceShort: { id: 'staff.menu.bundle.extraPriceShort', defaultMessage: 'Extra price' },
  isDefaultShort: { id: 'staff.menu.bundle.defaultShort', defaultMessage: 'Chosen by default' },
  isDefault: { id: 'staff.menu.bundle.default', defaultMessage: '{name} chosen by default' },
  addPart: { id: 'staff.menu.bundle.addPart', defaultMessage: 'Part to add to {group}' },
  addPartButton: { id: 'staff.menu.bundle.addPartButton', defaultMessage: 'Add the part' },
  addGroup: { id: 'staff.menu.bundle.addGroup', defaultMessage: 'Add a group' },
  errParts: { id: 'staff.menu.bundle.err.parts', defaultMessage: '{what}: add at least one part.' },
  errChoose: { id: 'staff.menu.bundle.err.max', defaultMessage: '{what}: the most to choose must be a whole number from 1 to {parts} (its parts).' },
  errMin: { id: 'staff.menu.bundle.err.min', defaultMessage: '{what}: the fewest to choose must be a whole number from 0 to {max} (the most to choose).' },
  errDefaults: { id: 'staff.menu.bundle.err.defaults', defaultMessage: '{what}: at most {count} parts chosen by default.' },
  errExtra: { id: 'staff.menu.bundle.err.extra', defaultMessage: '{what}: the extra price of {name} must be an amount of at most {decimals} decimals, not negative.' },
});

interface Group {
  bomClassId: string;
  names: Texts;
  /** The fewest and the most parts, as typed. */
  min: string;
  choose: string;
  items: { goodsId: string; extraPrice: string; isDefault: boolean }[];
}
const formOf = (e: GoodsExtras): Group[] =>
  e.bundleGroups.map((g) => ({ bomClassId: g.bomClassId, names: { ...g.names }, min: String(g.min), choose: String(g.choose), items: g.items.map((i) => ({ ...i })) }));
const whole = (v: string) => /^\d+$/.test(v.trim());

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
      const min = Number(g.min);
      if (g.items.length === 0) out.push({ field: `groups.${i}.items`, message: intl.formatMessage(m.errParts, { what: what(i) }) });
      else if (!whole(g.choose) || n < 1 || n > g.items.length) out.push({ field: `groups.${i}.choose`, message: intl.formatMessage(m.errChoose, { what: what(i), parts: g.items.length }) });
      else if (!whole(g.min) || min > n) out.push({ field: `groups.${i}.min`, message: intl.formatMessage(m.errMin, { what: what(i), max: n }) });
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
        groups: groups.map((g) => ({
          ...(g.bomClassId ? { bomClassId: g.bomClassId } : {}),
          names: g.names,
          required: Number(g.min) >= 1,
          choose: Number(g.choose),
          min: Number(g.min),
          items: g.items.map((it) => ({ ...it, extraPrice: it.extraPrice.trim() || '0' })),
        })),
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
                <span>{`${title} · ${intl.formatMessage(m.min)}`}</span>
                <input {...invalid(`groups.${i}.min`)} inputMode="numeric" value={g.min} aria-describedby={`bundle-limits-${i}`} onChange={(e) => set(i, { min: e.target.value })} />
              </label>
              <label>
                <span>{`${title} · ${intl.formatMessage(m.choose)}`}</span>
                <input {...invalid(`groups.${i}.choose`)} inputMode="numeric" value={g.choose} aria-describedby={`bundle-limits-${i}`} onChange={(e) => set(i, { choose: e.target.value })} />
              </label>
              <RemoveButton name={what(i)} onClick={() => setGroups((all) => all.filter((_, j) => j !== i))} />
            </div>
            <p id={`bundle-limits-${i}`} className="muted">
              {whole(g.min) && whole(g.choose) && Number(g.min) <= Number(g.choose) && Number(g.choose) >= 1
                ? intl.formatMessage(Number(g.min) === 0 ? m.optional : Number(g.min) === Number(g.choose) ? m.requiredExactly : m.required, { min: Number(g.min), max: Number(g.choose) })
                : null}
            </p>
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
      <button type="button" className="btn" onClick={() => setGroups((all) => [...all, { bomClassId: '', names: emptyTexts(), min: '1', choose: '1', items: [] }])}>
        {intl.formatMessage(m.addGroup)}
      </button>
      <PartFooter part={intl.formatMessage(m.part)} busy={busy} errors={errors} notice={notice} onSave={onSave} />
    </div>
  );
}
