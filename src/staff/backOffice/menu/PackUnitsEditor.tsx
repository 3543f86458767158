/**
 * A goods' pack units (SPEC 4: PCode, PUnit, Ref, Price, SalesPrice): the
 * goods sold by the pack ("Box of 6") at the pack's own price, beside its own
 * unit. Names in three languages, units per pack a whole number from 2,
 * prices with the enterprise's decimals; the customer's chooser lists them by
 * units per pack.
 */
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { defineMessages } from '../../../ui-kit/defineMessages';
import { emptyTexts, NameFields, PartFooter, RemoveButton, usePartSave, useChecks, type FieldError, type PartProps, type Texts } from './extrasShared';
import type { GoodsExtras, MenuApi } from './menuApi';

const m = defineMessages({
  part: { id: 'staff.menu.pack.part', defaultMessage: 'pack units' },
  none: { id: 'staff.menu.pack.none', defaultMessage: 'Sold by its own unit only.' },
  unit: { id: 'staff.menu.pack.unit', defaultMessage: 'Pack unit {n}' },
  ref: { id: 'staff.menu.pack.ref', defaultMessage: 'Units per pack' },
  price: { id: 'staff.menu.pack.price', defaultMessage: 'Pack price' },
  salesPrice: { id: 'staff.menu.pack.salesPrice', defaultMessage: 'Pack sales price' },
  add: { id: 'staff.menu.pack.add', defaultMessage: 'Add a pack unit' },
  errRef: { id: 'staff.menu.pack.err.ref', defaultMessage: '{what}: units per pack must be a whole number from 2 to 9999.' },
  errTwice: { id: 'staff.menu.pack.err.twice', defaultMessage: '{what}: another pack unit has the same units per pack.' },
});

interface Unit {
  pcode: string;
  names: Texts;
  ref: string;
  price: string;
  salesPrice: string;
}
const formOf = (e: GoodsExtras): Unit[] => e.packUnits.map((u) => ({ pcode: u.pcode, names: { ...u.names }, ref: String(u.ref), price: u.price, salesPrice: u.salesPrice === u.price ? '' : u.salesPrice }));

export function PackUnitsEditor({ api, goods, extras, language, decimals, onSaved }: PartProps & { api: MenuApi }) {
  const intl = useIntl();
  const [units, setUnits] = useState<Unit[]>(() => formOf(extras));
  const { busy, errors, notice, save, invalid } = usePartSave(onSaved, (e) => setUnits(formOf(e)));
  const checks = useChecks(language, decimals);
  const set = (i: number, u: Partial<Unit>) => setUnits((all) => all.map((v, j) => (j === i ? { ...v, ...u } : v)));
  const what = (i: number) => intl.formatMessage(m.unit, { n: i + 1 });

  function check(): FieldError[] {
    const out: FieldError[] = [];
    units.forEach((u, i) => {
      checks.name(u.names, what(i), `packUnits.${i}.names`, out);
      const ref = Number(u.ref);
      if (!/^\d+$/.test(u.ref.trim()) || ref < 2 || ref > 9999) out.push({ field: `packUnits.${i}.ref`, message: intl.formatMessage(m.errRef, { what: what(i) }) });
      else if (units.findIndex((v) => Number(v.ref) === ref) !== i) out.push({ field: `packUnits.${i}.ref`, message: intl.formatMessage(m.errTwice, { what: what(i) }) });
      checks.price(u.price, `${what(i)} · ${intl.formatMessage(m.price)}`, `packUnits.${i}.price`, out);
      if (u.salesPrice.trim()) checks.price(u.salesPrice, `${what(i)} · ${intl.formatMessage(m.salesPrice)}`, `packUnits.${i}.salesPrice`, out);
    });
    return out;
  }

  const onSave = () =>
    void save(check, () =>
      api.savePackUnits(goods.goodsId, {
        version: extras.version,
        packUnits: units.map((u) => ({ ...(u.pcode ? { pcode: u.pcode } : {}), names: u.names, ref: Number(u.ref), price: u.price.trim(), salesPrice: u.salesPrice.trim() || u.price.trim() })),
      }),
    );

  return (
    <div className="extras-part">
      {units.length === 0 && <p className="muted">{intl.formatMessage(m.none)}</p>}
      {units.map((u, i) => (
        <fieldset key={i}>
          <legend>{what(i)}</legend>
          <NameFields what={what(i)} names={u.names} language={language} maxLength={20} invalid={(l) => invalid(`packUnits.${i}.names.${l}`)} onChange={(names) => set(i, { names })} />
          <div className="grid">
            <label>
              <span>{intl.formatMessage(m.ref)}</span>
              <input {...invalid(`packUnits.${i}.ref`)} inputMode="numeric" value={u.ref} onChange={(e) => set(i, { ref: e.target.value })} />
            </label>
            <label>
              <span>{intl.formatMessage(m.price)}</span>
              <input {...invalid(`packUnits.${i}.price`)} inputMode="decimal" value={u.price} onChange={(e) => set(i, { price: e.target.value })} />
            </label>
            <label>
              <span>{intl.formatMessage(m.salesPrice)}</span>
              <input {...invalid(`packUnits.${i}.salesPrice`)} inputMode="decimal" value={u.salesPrice} placeholder={u.price} onChange={(e) => set(i, { salesPrice: e.target.value })} />
            </label>
            <RemoveButton name={what(i)} onClick={() => setUnits((all) => all.filter((_, j) => j !== i))} />
          </div>
        </fieldset>
      ))}
      <button type="button" className="btn" onClick={() => setUnits((all) => [...all, { pcode: '', names: emptyTexts(), ref: '', price: '', salesPrice: '' }])}>
        {intl.formatMessage(m.add)}
      </button>
      <PartFooter part={intl.formatMessage(m.part)} busy={busy} errors={errors} notice={notice} onSave={onSave} />
    </div>
  );
}
