/**
 * The spec chooser (SPEC sections 3-5): sku attributes (one or two), pack
 * units, bundle groups (required: exactly N; optional: up to N, with the
 * limit message), add-ons, remarks and quantity. The price shown is the
 * shared pricing rule's (src/shared/domain/pricing.ts), which the service
 * applies again at submit.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { multiplyMoney, minorToString, toMinor } from '../../../shared/domain/numbers';
import { currentPrice, packPrice, unitPrice } from '../../../shared/domain/pricing';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { toastShown } from '../../app/uiSlice';
import { defineMessages } from '../../i18n/defineMessages';
import { errors, validation } from '../../i18n/specMessages';
import { useMoney } from '../../ui/money';
import { cartLineAdded } from '../cart';
import { selectShopParams } from '../shop';
import { cartGoodsDetails, menuApi, type AddOn, type BomGroup, type Goods, type GoodsDetail, type Sku } from './menuApi';

const messages = defineMessages({
  close: { id: 'chooser.close', defaultMessage: 'Close' },
  loading: { id: 'chooser.loading', defaultMessage: 'Loading the options…' },
  unit: { id: 'chooser.unit', defaultMessage: 'Unit' },
  single: { id: 'chooser.single', defaultMessage: 'Single ({unit})' },
  pack: { id: 'chooser.pack', defaultMessage: '{pack} of {ref}' },
  options: { id: 'chooser.options', defaultMessage: 'Options' },
  required: { id: 'chooser.required', defaultMessage: '{name}: choose {count}' },
  optional: { id: 'chooser.optional', defaultMessage: '{name}: up to {count}' },
  surcharge: { id: 'chooser.surcharge', defaultMessage: '+{amount}' },
  addOns: { id: 'chooser.addOns', defaultMessage: 'Add-ons' },
  remarks: { id: 'chooser.remarks', defaultMessage: 'Remarks' },
  remarksHint: { id: 'chooser.remarksHint', defaultMessage: 'For example: no spring onion' },
  quantity: { id: 'chooser.quantity', defaultMessage: 'Quantity' },
  decrease: { id: 'chooser.decrease', defaultMessage: 'One less' },
  increase: { id: 'chooser.increase', defaultMessage: 'One more' },
  add: { id: 'chooser.add', defaultMessage: 'Add to cart · {amount}' },
  chooseRequired: { id: 'chooser.chooseRequired', defaultMessage: 'Please make the required choices' },
  prescription: { id: 'chooser.prescription', defaultMessage: 'Prepared by prescription' },
  byWeight: { id: 'chooser.byWeight', defaultMessage: 'Priced per {unit}' },
});

export const REMARK_MAX = 50;

/** The attribute values of a sku: 'Large;Hot' (two attributes) or '細，' (one, full-width comma). */
export function skuValues(items: string): string[] {
  return items
    .split(/[;，]/)
    .map((v) => v.trim())
    .filter(Boolean);
}

export function findSku(skus: readonly Sku[], chosen: readonly string[]): Sku | undefined {
  return skus.find((s) => {
    const values = skuValues(s.SkuItems);
    return values.length === chosen.length && values.every((v, i) => v === chosen[i]);
  });
}

/** A bundle choice is complete when every required group has exactly its count. */
export function bundleComplete(groups: readonly BomGroup[], chosen: Record<string, string[]>): boolean {
  return groups.every((g) => g.selectType !== 0 || (chosen[g.BOMClassID]?.length ?? 0) === Math.min(g.selectQua, g.items.filter((i) => !i.soldOut).length));
}

interface Props {
  goods: Goods;
  onClose: () => void;
}

export function GoodsChooser({ goods, onClose }: Props) {
  const intl = useIntl();
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const detail = menuApi.useGoodsDetailQuery({ GoodsID: goods.GoodsID });
  const bundle = menuApi.useBundleQuery({ GoodsID: goods.GoodsID }, { skip: !goods.hasBom });
  const addOns = menuApi.useAddOnsQuery({ GoodsID: goods.GoodsID }, { skip: !goods.hasCharging });

  useEffect(() => {
    dialog.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  const ready = detail.data && (!goods.hasBom || bundle.data) && (!goods.hasCharging || addOns.data);
  return (
    <div className="sheet-backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div className="sheet" role="dialog" aria-modal="true" aria-labelledby={titleId} ref={dialog} tabIndex={-1}>
        <header className="sheet-header">
          <h2 id={titleId}>{goods.name}</h2>
          <button type="button" className="icon-button" aria-label={intl.formatMessage(messages.close)} onClick={onClose}>
            ×
          </button>
        </header>
        {ready ? (
          <ChooserForm goods={goods} detail={detail.data!} groups={bundle.data ?? []} addOns={addOns.data ?? []} onDone={onClose} />
        ) : (
          <p role="status" className="sheet-loading">
            <FormattedMessage {...messages.loading} />
          </p>
        )}
      </div>
    </div>
  );
}

function ChooserForm({
  goods,
  detail,
  groups,
  addOns,
  onDone,
}: {
  goods: Goods;
  detail: GoodsDetail;
  groups: BomGroup[];
  addOns: AddOn[];
  onDone: () => void;
}) {
  const dispatch = useAppDispatch();
  const intl = useIntl();
  const shop = useAppSelector(selectShopParams);
  const money = useMoney();

  const attributes = detail.attributes.length > 0
    ? detail.attributes
    : detail.skus.length > 0
      ? [{ name: intl.formatMessage(messages.options), values: detail.skus.map((s) => skuValues(s.SkuItems).join(' / ')) }]
      : [];
  const firstAvailable = detail.skus.find((s) => !s.soldOut);
  const [chosenValues, setChosenValues] = useState<string[]>(() =>
    firstAvailable ? (detail.attributes.length > 0 ? skuValues(firstAvailable.SkuItems) : [skuValues(firstAvailable.SkuItems).join(' / ')]) : [],
  );
  const sku = detail.attributes.length > 0 ? findSku(detail.skus, chosenValues) : detail.skus.find((s) => skuValues(s.SkuItems).join(' / ') === chosenValues[0]);
  const [packCode, setPackCode] = useState('');
  const pack = detail.packUnits.find((p) => p.PCode === packCode);
  const [bom, setBom] = useState<Record<string, string[]>>(() =>
    Object.fromEntries(groups.map((g) => [g.BOMClassID, g.items.filter((i) => i.isDefault && !i.soldOut).slice(0, g.selectQua).map((i) => i.GoodsID)])),
  );
  const [chosenAddOns, setChosenAddOns] = useState<string[]>([]);
  const [remark, setRemark] = useState('');
  const [quantity, setQuantity] = useState(1);

  const bomItems = groups.flatMap((g) => g.items.filter((i) => bom[g.BOMClassID]?.includes(i.GoodsID)));
  const addOnItems = addOns.filter((a) => chosenAddOns.includes(a.OptionID));
  const extras = { bomAmos: bomItems.map((i) => i.BOMAmo || '0'), addOnPrices: addOnItems.map((a) => a.salesPrice || '0') };
  const base = sku ?? { salesPrice: goods.salesPrice, promotePrice: goods.promotePrice };
  const mainPrice = unitPrice({ salesPrice: base.salesPrice, promotePrice: base.promotePrice, ...extras }, money.formats);
  const thePackPrice = pack ? packPrice(pack.salesPrice, pack.Ref, extras, money.formats) : '0';
  const total = useMemo(
    () => minorToString(multiplyMoney(toMinor(pack ? thePackPrice : mainPrice, money.formats.PricePoint), quantity, money.formats), money.formats.AmoPoint),
    [pack, thePackPrice, mainPrice, quantity, money.formats],
  );
  const skuMissing = detail.skus.length > 0 && (!sku || sku.soldOut);
  const complete = bundleComplete(groups, bom) && !skuMissing;

  const toggleBom = (group: BomGroup, goodsId: string) => {
    const current = bom[group.BOMClassID] ?? [];
    if (current.includes(goodsId)) {
      setBom({ ...bom, [group.BOMClassID]: current.filter((id) => id !== goodsId) });
      return;
    }
    if (group.selectQua === 1) {
      setBom({ ...bom, [group.BOMClassID]: [goodsId] });
      return;
    }
    if (current.length >= group.selectQua) {
      dispatch(toastShown({ message: validation.selectLimit, values: { count: group.selectQua } }));
      return;
    }
    setBom({ ...bom, [group.BOMClassID]: [...current, goodsId] });
  };

  const handleAdd = () => {
    if (!complete) {
      dispatch(toastShown({ message: messages.chooseRequired }));
      return;
    }
    dispatch(
      cartLineAdded({
        goodsDetails: cartGoodsDetails(goods, shop, sku?.SkuItems ?? ''),
        list: [
          {
            SkuID: sku?.SkuID ?? '',
            PUnit: pack ? pack.name : '',
            PUnitPrice: pack ? thePackPrice : '0',
            Price: mainPrice,
            Ref: pack ? pack.Ref : '1',
            isPack: detail.packUnits.length > 0,
            mQua: pack ? 0 : quantity,
            pQua: pack ? quantity : 0,
            remarkList: remark.trim() ? [remark.trim().slice(0, REMARK_MAX)] : [],
            bomList: bomItems.map((i) => ({ BOMClassID: i.BOMClassID, GoodsID: i.GoodsID, GoodsName: i.name, BOMAmo: i.BOMAmo || '0', BOMQua: Number(i.BOMQua) || 1 })),
            attachmentList: addOnItems.map((a) => ({ OptionID: a.OptionID, Value: a.name, Value2: a.price, Value3: a.salesPrice })),
          },
        ],
      }),
    );
    onDone();
  };

  return (
    <div className="sheet-body">
      {goods.type === 6 && (
        <p className="note">
          <FormattedMessage {...messages.prescription} />
        </p>
      )}
      {goods.type === 7 && (
        <p className="note">
          <FormattedMessage {...messages.byWeight} values={{ unit: goods.unit }} />
        </p>
      )}
      {attributes.map((attr, index) => (
        <fieldset key={attr.name} className="choice-group">
          <legend>{attr.name}</legend>
          {attr.values.map((value) => {
            const next = [...chosenValues];
            next[index] = value;
            const candidate = detail.attributes.length > 0 ? findSku(detail.skus, next) : detail.skus.find((s) => skuValues(s.SkuItems).join(' / ') === value);
            const soldOut = candidate ? candidate.soldOut : false;
            return (
              <label key={value} className={`chip${chosenValues[index] === value ? ' chosen' : ''}${soldOut ? ' sold-out' : ''}`}>
                <input
                  type="radio"
                  name={`attr-${index}`}
                  value={value}
                  checked={chosenValues[index] === value}
                  onChange={() => setChosenValues(next)}
                />
                {value}
                {soldOut && (
                  <span className="tag">
                    <FormattedMessage {...errors.soldOut} />
                  </span>
                )}
              </label>
            );
          })}
        </fieldset>
      ))}
      {detail.packUnits.length > 0 && (
        <fieldset className="choice-group">
          <legend>
            <FormattedMessage {...messages.unit} />
          </legend>
          <label className={`chip${packCode === '' ? ' chosen' : ''}`}>
            <input type="radio" name="pack" value="" checked={packCode === ''} onChange={() => setPackCode('')} />
            <FormattedMessage {...messages.single} values={{ unit: goods.unit }} /> {money.price(currentPrice(base.salesPrice, base.promotePrice))}
          </label>
          {detail.packUnits.map((p) => (
            <label key={p.PCode} className={`chip${packCode === p.PCode ? ' chosen' : ''}`}>
              <input type="radio" name="pack" value={p.PCode} checked={packCode === p.PCode} onChange={() => setPackCode(p.PCode)} />
              <FormattedMessage {...messages.pack} values={{ pack: p.name, ref: Number(p.Ref) }} /> {money.price(p.salesPrice)}
            </label>
          ))}
        </fieldset>
      )}
      {groups.map((group) => (
        <fieldset key={group.BOMClassID} className="choice-group">
          <legend>
            <FormattedMessage
              {...(group.selectType === 0 ? messages.required : messages.optional)}
              values={{ name: group.name, count: group.selectQua }}
            />
          </legend>
          {group.items.map((item) => {
            const checked = bom[group.BOMClassID]?.includes(item.GoodsID) ?? false;
            return (
              <label key={item.GoodsID} className={`chip${checked ? ' chosen' : ''}${item.soldOut ? ' sold-out' : ''}`}>
                <input type="checkbox" checked={checked} disabled={item.soldOut} onChange={() => toggleBom(group, item.GoodsID)} />
                {item.name}
                {Number(item.BOMAmo) > 0 && <span className="surcharge">{intl.formatMessage(messages.surcharge, { amount: money.price(item.BOMAmo) })}</span>}
                {item.soldOut && (
                  <span className="tag">
                    <FormattedMessage {...errors.soldOut} />
                  </span>
                )}
              </label>
            );
          })}
        </fieldset>
      ))}
      {addOns.length > 0 && (
        <fieldset className="choice-group">
          <legend>
            <FormattedMessage {...messages.addOns} />
          </legend>
          {addOns.map((a) => {
            const checked = chosenAddOns.includes(a.OptionID);
            return (
              <label key={a.OptionID} className={`chip${checked ? ' chosen' : ''}`}>
                <input
                  type="checkbox"
                  checked={checked}
                  onChange={() => setChosenAddOns(checked ? chosenAddOns.filter((id) => id !== a.OptionID) : [...chosenAddOns, a.OptionID])}
                />
                {a.name}
                {Number(a.salesPrice) > 0 && <span className="surcharge">{intl.formatMessage(messages.surcharge, { amount: money.price(a.salesPrice) })}</span>}
              </label>
            );
          })}
        </fieldset>
      )}
      <label className="field">
        <span>
          <FormattedMessage {...messages.remarks} />
        </span>
        <input
          type="text"
          value={remark}
          maxLength={REMARK_MAX}
          placeholder={intl.formatMessage(messages.remarksHint)}
          onChange={(e) => setRemark(e.target.value)}
        />
      </label>
      <div className="quantity-row" role="group" aria-label={intl.formatMessage(messages.quantity)}>
        <span>
          <FormattedMessage {...messages.quantity} />
        </span>
        <Stepper
          value={quantity}
          min={1}
          onChange={setQuantity}
          decreaseLabel={intl.formatMessage(messages.decrease)}
          increaseLabel={intl.formatMessage(messages.increase)}
        />
      </div>
      <button type="button" className="btn btn-primary btn-block" aria-disabled={!complete} onClick={handleAdd}>
        <FormattedMessage {...messages.add} values={{ amount: money.amount(total) }} />
      </button>
    </div>
  );
}

export function Stepper({
  value,
  min = 0,
  max = 999,
  onChange,
  decreaseLabel,
  increaseLabel,
}: {
  value: number;
  min?: number;
  max?: number;
  onChange: (v: number) => void;
  decreaseLabel: string;
  increaseLabel: string;
}) {
  return (
    <span className="stepper">
      <button type="button" aria-label={decreaseLabel} disabled={value <= min} onClick={() => onChange(Math.max(min, value - 1))}>
        −
      </button>
      <output aria-live="polite">{value}</output>
      <button type="button" aria-label={increaseLabel} disabled={value >= max} onClick={() => onChange(Math.min(max, value + 1))}>
        +
      </button>
    </span>
  );
}
