/**
 * A goods' allergens, diets and spice, and its options' (issue 29 section 2),
 * under its form in the back office: the 14 allergens of EU Regulation
 * 1169/2011 Annex II each not stated, free, may contain or contains;
 * vegetarian, vegan, halal; a spice level 0-3. The goods itself and each of
 * its specs' choices and add-ons are chosen in turn and saved together; a
 * bundle's parts are goods of their own (their statements shown here, edited
 * in their own form). Its pairings (PairingsEditor) save on the same version:
 * when someone else saved first, the fresh values are shown and saved on next.
 */
import { useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { ALLERGEN_STATES, ALLERGENS, DIETS, type AllergenState, type DietFacts } from '../../../shared/domain/diet';
import type { GoodsDietJson } from '../../../shared/protocol/staffAllergens';
import { defineMessages } from '../../../ui-kit/defineMessages';
import type { StaffLocale } from '../../i18n/locale';
import { MenuError, type MenuAnswer, type MenuApi } from './menuApi';
import { PairingsEditor } from './PairingsEditor';

export const dm = defineMessages({
  title: { id: 'staff.menu.diet.title', defaultMessage: 'Allergens and diets' },
  open: { id: 'staff.menu.diet.open', defaultMessage: 'Allergens, diets and pairings' },
  target: { id: 'staff.menu.diet.target', defaultMessage: 'Statement of' },
  itself: { id: 'staff.menu.diet.itself', defaultMessage: 'The goods itself' },
  sku: { id: 'staff.menu.diet.sku', defaultMessage: 'Spec: {name}' },
  addOn: { id: 'staff.menu.diet.addOn', defaultMessage: 'Add-on: {name}' },
  unknown: { id: 'staff.menu.diet.unknown', defaultMessage: 'Not stated' },
  free: { id: 'staff.menu.diet.free', defaultMessage: 'Free of it' },
  may: { id: 'staff.menu.diet.may', defaultMessage: 'May contain' },
  contains: { id: 'staff.menu.diet.contains', defaultMessage: 'Contains' },
  yes: { id: 'staff.menu.diet.yes', defaultMessage: 'Yes' },
  no: { id: 'staff.menu.diet.no', defaultMessage: 'No' },
  spice: { id: 'staff.menu.diet.spice', defaultMessage: 'Spice level' },
  spiceLevel: { id: 'staff.menu.diet.spiceLevel', defaultMessage: '{level, select, 0 {0 not spicy} 1 {1 mild} 2 {2 spicy} other {3 very spicy}}' },
  parts: { id: 'staff.menu.diet.parts', defaultMessage: 'Bundle parts (edit them in their own form)' },
  partRequired: { id: 'staff.menu.diet.partRequired', defaultMessage: '{name} (required choice): {allergens}' },
  partOptional: { id: 'staff.menu.diet.partOptional', defaultMessage: '{name}: {allergens}' },
  nothing: { id: 'staff.menu.diet.nothing', defaultMessage: 'nothing stated' },
  save: { id: 'staff.menu.diet.save', defaultMessage: 'Save allergens and diets' },
  saved: { id: 'staff.menu.diet.saved', defaultMessage: 'Allergens and diets saved.' },
  loading: { id: 'staff.menu.diet.loading', defaultMessage: 'Loading the allergens…' },
  failed: { id: 'staff.menu.diet.failed', defaultMessage: 'Not saved: {reason}' },
  veganNotVegetarian: { id: 'staff.menu.diet.veganNotVegetarian', defaultMessage: 'A vegan dish is vegetarian too.' },
  gluten: { id: 'staff.menu.diet.a.gluten', defaultMessage: 'Gluten (cereals)' },
  crustaceans: { id: 'staff.menu.diet.a.crustaceans', defaultMessage: 'Crustaceans' },
  eggs: { id: 'staff.menu.diet.a.eggs', defaultMessage: 'Eggs' },
  fish: { id: 'staff.menu.diet.a.fish', defaultMessage: 'Fish' },
  peanuts: { id: 'staff.menu.diet.a.peanuts', defaultMessage: 'Peanuts' },
  soybeans: { id: 'staff.menu.diet.a.soybeans', defaultMessage: 'Soybeans' },
  milk: { id: 'staff.menu.diet.a.milk', defaultMessage: 'Milk' },
  nuts: { id: 'staff.menu.diet.a.nuts', defaultMessage: 'Tree nuts' },
  celery: { id: 'staff.menu.diet.a.celery', defaultMessage: 'Celery' },
  mustard: { id: 'staff.menu.diet.a.mustard', defaultMessage: 'Mustard' },
  sesame: { id: 'staff.menu.diet.a.sesame', defaultMessage: 'Sesame' },
  sulphites: { id: 'staff.menu.diet.a.sulphites', defaultMessage: 'Sulphites' },
  lupin: { id: 'staff.menu.diet.a.lupin', defaultMessage: 'Lupin' },
  molluscs: { id: 'staff.menu.diet.a.molluscs', defaultMessage: 'Molluscs' },
  vegetarian: { id: 'staff.menu.diet.d.vegetarian', defaultMessage: 'Vegetarian' },
  vegan: { id: 'staff.menu.diet.d.vegan', defaultMessage: 'Vegan' },
  halal: { id: 'staff.menu.diet.d.halal', defaultMessage: 'Halal' },
});

const STATE_LABEL: Record<AllergenState, (typeof dm)[keyof typeof dm]> = { unknown: dm.unknown, free: dm.free, may: dm.may, contains: dm.contains };

type Facts = Record<string, DietFacts>;
const factsOf = (d: GoodsDietJson): Facts => ({
  '': d.facts,
  ...Object.fromEntries(d.skus.map((s) => [`sku:${s.skuId}`, s.facts])),
  ...Object.fromEntries(d.addOns.map((a) => [`addOn:${a.optionId}`, a.facts])),
});

type Props = { api: MenuApi; goodsId: string; menu: MenuAnswer; locale: StaffLocale };

/** Closed until asked for: the goods' form opens without reading them. */
export function AllergensEditor(props: Props) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  return (
    <div className="diet-editors">
      <button type="button" className="btn" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {intl.formatMessage(dm.open)}
      </button>
      {open && <DietForms {...props} />}
    </div>
  );
}

function DietForms({ api, goodsId, menu, locale }: Props) {
  const intl = useIntl();
  const id = useId();
  const [diet, setDiet] = useState<GoodsDietJson | null>(null);
  const [facts, setFacts] = useState<Facts>({});
  const [target, setTarget] = useState('');
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const take = (d: GoodsDietJson) => {
    setDiet(d);
    setFacts(factsOf(d));
  };
  useEffect(() => {
    let live = true;
    void api.call('GET /staff/goods/:id/diet', { params: { id: goodsId } }).then(
      (r) => live && take(r.diet),
      (err: unknown) => live && setNotice({ text: intl.formatMessage(dm.failed, { reason: err instanceof Error ? err.message : String(err) }), error: true }),
    );
    return () => {
      live = false;
    };
  }, [api, goodsId, intl]);

  /** A refusal: its message, and on 409 the fresh values (and version) to save on. */
  const refused = (err: unknown) => {
    if (!(err instanceof MenuError)) throw err;
    if (err.status === 409 && err.current && 'facts' in err.current) take(err.current as unknown as GoodsDietJson);
    setNotice({ text: intl.formatMessage(dm.failed, { reason: err.message }), error: true });
  };

  if (!diet) {
    return (
      <section className="diet-editor" aria-label={intl.formatMessage(dm.title)}>
        <p role={notice ? 'alert' : 'status'}>{notice?.text ?? intl.formatMessage(dm.loading)}</p>
      </section>
    );
  }
  const f = facts[target] ?? facts['']!;
  const setF = (next: DietFacts) => setFacts((all) => ({ ...all, [target]: next }));
  const flag = (v: boolean | null) => (v === null ? '' : v ? 'yes' : 'no');
  const unflag = (v: string) => (v === '' ? null : v === 'yes');

  async function save() {
    if (!diet) return;
    const all = Object.entries(facts);
    if (all.some(([, x]) => x.vegan === true && x.vegetarian === false)) {
      setNotice({ text: intl.formatMessage(dm.failed, { reason: intl.formatMessage(dm.veganNotVegetarian) }), error: true });
      return;
    }
    setBusy(true);
    setNotice(null);
    try {
      const r = await api.call('PUT /staff/goods/:id/diet', {
        params: { id: goodsId },
        body: {
          version: diet.version,
          facts: facts['']!,
          skus: diet.skus.map((s) => ({ skuId: s.skuId, facts: facts[`sku:${s.skuId}`]! })),
          addOns: diet.addOns.map((a) => ({ optionId: a.optionId, facts: facts[`addOn:${a.optionId}`]! })),
        },
      });
      take(r.diet);
      setNotice({ text: intl.formatMessage(dm.saved), error: false });
    } catch (err) {
      refused(err);
    } finally {
      setBusy(false);
    }
  }

  const partText = (p: GoodsDietJson['parts'][number]) => {
    const named = ALLERGENS.filter((a) => p.facts.allergens[a] === 'contains' || p.facts.allergens[a] === 'may').map(
      (a) => `${intl.formatMessage(dm[a])}${p.facts.allergens[a] === 'may' ? ` (${intl.formatMessage(dm.may)})` : ''}`,
    );
    return intl.formatMessage(p.required ? dm.partRequired : dm.partOptional, { name: p.name, allergens: named.length ? intl.formatList(named) : intl.formatMessage(dm.nothing) });
  };

  return (
    <section className="diet-editor" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{intl.formatMessage(dm.title)}</h3>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {(diet.skus.length > 0 || diet.addOns.length > 0) && (
          <label>
            {intl.formatMessage(dm.target)}
            <select value={target} onChange={(e) => setTarget(e.target.value)}>
              <option value="">{intl.formatMessage(dm.itself)}</option>
              {diet.skus.map((s) => (
                <option key={s.skuId} value={`sku:${s.skuId}`}>
                  {intl.formatMessage(dm.sku, { name: s.name })}
                </option>
              ))}
              {diet.addOns.map((a) => (
                <option key={a.optionId} value={`addOn:${a.optionId}`}>
                  {intl.formatMessage(dm.addOn, { name: a.name })}
                </option>
              ))}
            </select>
          </label>
        )}
        <div className="grid">
          {ALLERGENS.map((a) => (
            <label key={a}>
              {intl.formatMessage(dm[a])}
              <select value={f.allergens[a]} onChange={(e) => setF({ ...f, allergens: { ...f.allergens, [a]: e.target.value as AllergenState } })}>
                {ALLERGEN_STATES.map((s) => (
                  <option key={s} value={s}>
                    {intl.formatMessage(STATE_LABEL[s])}
                  </option>
                ))}
              </select>
            </label>
          ))}
          {DIETS.map((d) => (
            <label key={d}>
              {intl.formatMessage(dm[d])}
              <select value={flag(f[d])} onChange={(e) => setF({ ...f, [d]: unflag(e.target.value) })}>
                <option value="">{intl.formatMessage(dm.unknown)}</option>
                <option value="yes">{intl.formatMessage(dm.yes)}</option>
                <option value="no">{intl.formatMessage(dm.no)}</option>
              </select>
            </label>
          ))}
          <label>
            {intl.formatMessage(dm.spice)}
            <select value={f.spice === null ? '' : String(f.spice)} onChange={(e) => setF({ ...f, spice: e.target.value === '' ? null : Number(e.target.value) })}>
              <option value="">{intl.formatMessage(dm.unknown)}</option>
              {[0, 1, 2, 3].map((level) => (
                <option key={level} value={String(level)}>
                  {intl.formatMessage(dm.spiceLevel, { level })}
                </option>
              ))}
            </select>
          </label>
        </div>
        {diet.parts.length > 0 && (
          <>
            <h4>{intl.formatMessage(dm.parts)}</h4>
            <ul>
              {diet.parts.map((p) => (
                <li key={p.goodsId}>{partText(p)}</li>
              ))}
            </ul>
          </>
        )}
        {notice && (
          <p role={notice.error ? 'alert' : 'status'} className={notice.error ? 'error' : ''}>
            {notice.text}
          </p>
        )}
        <div className="actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {intl.formatMessage(dm.save)}
          </button>
        </div>
      </form>
      <PairingsEditor api={api} diet={diet} menu={menu} locale={locale} onSaved={take} onRefused={refused} />
    </section>
  );
}
