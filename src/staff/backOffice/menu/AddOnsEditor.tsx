/**
 * A goods' add-ons (SPEC 4's attachments: OptionID, Value, Value2 list price,
 * Value3 current price): the extras a customer may tick in the chooser. An
 * add-on belongs to the shop and may be offered by several goods: one of the
 * shop's is offered here as it is (its names and prices changed here change
 * for every goods offering it, which is said), or a new one is made.
 */
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { defineMessages } from '../../../ui-kit/defineMessages';
import { emptyTexts, NameFields, PartFooter, RemoveButton, shownName, usePartSave, useChecks, x, type FieldError, type PartProps, type Texts } from './extrasShared';
import type { GoodsExtras, MenuApi } from './menuApi';

const m = defineMessages({
  part: { id: 'staff.menu.addOns.part', defaultMessage: 'add-ons' },
  none: { id: 'staff.menu.addOns.none', defaultMessage: 'No add-ons offered.' },
  addOn: { id: 'staff.menu.addOns.addOn', defaultMessage: 'Add-on {n}' },
  price: { id: 'staff.menu.addOns.price', defaultMessage: 'Price' },
  salesPrice: { id: 'staff.menu.addOns.salesPrice', defaultMessage: 'Sales price' },
  shared: { id: 'staff.menu.addOns.shared', defaultMessage: 'Also offered by {count, plural, one {# other goods} other {# other goods}}: a change here shows there too.' },
  offer: { id: 'staff.menu.addOns.offer', defaultMessage: 'An add-on of the shop' },
  offerButton: { id: 'staff.menu.addOns.offerButton', defaultMessage: 'Offer it' },
  create: { id: 'staff.menu.addOns.new', defaultMessage: 'New add-on' },
  errTwice: { id: 'staff.menu.addOns.err.twice', defaultMessage: '{what}: another add-on has the same name.' },
});

interface AddOn {
  optionId: string;
  names: Texts;
  price: string;
  salesPrice: string;
  /** Other goods offering it. */
  others: number;
}
function formOf(e: GoodsExtras): AddOn[] {
  return e.addOns.map((id) => {
    const o = e.shopAddOns.find((s) => s.optionId === id)!;
    return { optionId: id, names: { ...o.names }, price: o.price, salesPrice: o.salesPrice === o.price ? '' : o.salesPrice, others: o.goodsCount - 1 };
  });
}

export function AddOnsEditor({ api, goods, extras, language, decimals, onSaved }: PartProps & { api: MenuApi }) {
  const intl = useIntl();
  const [addOns, setAddOns] = useState<AddOn[]>(() => formOf(extras));
  const [pick, setPick] = useState('');
  const { busy, errors, notice, save, invalid } = usePartSave(onSaved, (e) => setAddOns(formOf(e)));
  const checks = useChecks(language, decimals);
  const set = (i: number, a: Partial<AddOn>) => setAddOns((all) => all.map((v, j) => (j === i ? { ...v, ...a } : v)));
  const what = (i: number) => intl.formatMessage(m.addOn, { n: i + 1 });
  const offerable = extras.shopAddOns.filter((o) => !addOns.some((a) => a.optionId === o.optionId));

  function check(): FieldError[] {
    const out: FieldError[] = [];
    addOns.forEach((a, i) => {
      checks.name(a.names, what(i), `addOns.${i}.names`, out);
      const key = a.names[language].trim().toLowerCase();
      if (key && addOns.findIndex((b) => b.names[language].trim().toLowerCase() === key) !== i) out.push({ field: `addOns.${i}`, message: intl.formatMessage(m.errTwice, { what: what(i) }) });
      checks.price(a.price, `${what(i)} · ${intl.formatMessage(m.price)}`, `addOns.${i}.price`, out);
      if (a.salesPrice.trim()) checks.price(a.salesPrice, `${what(i)} · ${intl.formatMessage(m.salesPrice)}`, `addOns.${i}.salesPrice`, out);
    });
    return out;
  }

  const onSave = () =>
    void save(check, () =>
      api.saveAddOns(goods.goodsId, {
        version: extras.version,
        addOns: addOns.map((a) => ({ ...(a.optionId ? { optionId: a.optionId } : {}), names: a.names, price: a.price.trim(), salesPrice: a.salesPrice.trim() || a.price.trim() })),
      }),
    );

  return (
    <div className="extras-part">
      {addOns.length === 0 && <p className="muted">{intl.formatMessage(m.none)}</p>}
      {addOns.map((a, i) => (
        <fieldset key={a.optionId || `new-${i}`}>
          <legend>{`${what(i)}: ${shownName(a.names, language)}`}</legend>
          {a.others > 0 && <p className="muted">{intl.formatMessage(m.shared, { count: a.others })}</p>}
          <NameFields what={what(i)} names={a.names} language={language} maxLength={40} invalid={(l) => invalid(`addOns.${i}.names.${l}`)} onChange={(names) => set(i, { names })} />
          <div className="grid">
            <label>
              <span>{`${what(i)} · ${intl.formatMessage(m.price)}`}</span>
              <input {...invalid(`addOns.${i}.price`)} inputMode="decimal" value={a.price} onChange={(e) => set(i, { price: e.target.value })} />
            </label>
            <label>
              <span>{`${what(i)} · ${intl.formatMessage(m.salesPrice)}`}</span>
              <input {...invalid(`addOns.${i}.salesPrice`)} inputMode="decimal" value={a.salesPrice} placeholder={a.price} onChange={(e) => set(i, { salesPrice: e.target.value })} />
            </label>
            <RemoveButton name={shownName(a.names, language) || what(i)} onClick={() => setAddOns((all) => all.filter((_, j) => j !== i))} />
          </div>
        </fieldset>
      ))}
      <div className="grid">
        {offerable.length > 0 && (
          <>
            <label>
              <span>{intl.formatMessage(m.offer)}</span>
              <select value={pick} onChange={(e) => setPick(e.target.value)}>
                <option value="">{intl.formatMessage(x.pick)}</option>
                {offerable.map((o) => (
                  <option key={o.optionId} value={o.optionId}>
                    {`${shownName(o.names, language)} (${o.salesPrice})`}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className="btn"
              disabled={!pick}
              onClick={() => {
                const o = extras.shopAddOns.find((s) => s.optionId === pick);
                if (o) setAddOns((all) => [...all, { optionId: o.optionId, names: { ...o.names }, price: o.price, salesPrice: o.salesPrice === o.price ? '' : o.salesPrice, others: o.goodsCount - (extras.addOns.includes(o.optionId) ? 1 : 0) }]);
                setPick('');
              }}
            >
              {intl.formatMessage(m.offerButton)}
            </button>
          </>
        )}
        <button type="button" className="btn" onClick={() => setAddOns((all) => [...all, { optionId: '', names: emptyTexts(), price: '', salesPrice: '', others: 0 }])}>
          {intl.formatMessage(m.create)}
        </button>
      </div>
      <PartFooter part={intl.formatMessage(m.part)} busy={busy} errors={errors} notice={notice} onSave={onSave} />
    </div>
  );
}
