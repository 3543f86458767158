/**
 * The spec chooser (SPEC sections 3-5): sku attributes (one or two), pack
 * units, bundle groups (from the group's fewest to its most parts: "choose
 * 2", "up to 2" or "choose 1 to 3", with the limit message), add-ons, remarks and quantity. The price shown is the
 * shared pricing rule's (src/shared/domain/pricing.ts), which the service
 * applies again at submit.
 *
 * Issue 23: a spec value shows what it adds to the price ("+MOP$8", in its
 * accessible name too); a value is tagged "Sold out" only when every sku
 * with it is sold out, and a sold-out combination of values says so ("Large,
 * Iced is sold out") with Add disabled; opened as the dish's details (its
 * name or picture tapped on the menu) it shows a large picture, the
 * description and the price above the choices.
 *
 * Issue 29: a spec value (the sku it picks with the other values chosen), a
 * bundle part and an add-on show their own allergen, diet and spice icons,
 * and say when they contain an allergen the menu's filter avoids (still
 * choosable): OptionDiet, from the allergens feature.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { multiplyMoney, minorToString, toMinor } from '../../../shared/domain/numbers';
import { currentPrice, packPrice, unitPrice } from '../../../shared/domain/pricing';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { toastShown } from '../../app/uiSlice';
import { defineMessages } from '../../i18n/defineMessages';
import { errors, validation } from '../../i18n/specMessages';
import { packName } from '../../ui/lineQuantity';
import { ossUrl, useMoney } from '../../ui/money';
import { RemarkField } from '../../ui/RemarkField';
import { OfflineNote } from '../../ui/OfflineNote';
import { useOnline } from '../../app/online';
import { cartAdd } from '../cart';
import { DietIcons, OptionDiet } from '../allergens';
import { selectEntity, selectShopParams } from '../../session';
import { cartGoodsDetails, type AddOn, type BomGroup, type Goods, type GoodsDetail } from './menuApi';
import { goodsOptionsApi } from './goodsOptionsApi';
import { bundleComplete, skuOfChoice, skuValues, valueSoldOut, valueSurcharges } from './specChoice';

const messages = defineMessages({
  close: { id: 'chooser.close', defaultMessage: 'Close' },
  loading: { id: 'chooser.loading', defaultMessage: 'Loading the options…' },
  unit: { id: 'chooser.unit', defaultMessage: 'Unit' },
  single: { id: 'chooser.single', defaultMessage: 'Single ({unit})' },
  options: { id: 'chooser.options', defaultMessage: 'Options' },
  required: { id: 'chooser.required', defaultMessage: '{name}: choose {count}' },
  optional: { id: 'chooser.optional', defaultMessage: '{name}: up to {count}' },
  range: { id: 'chooser.range', defaultMessage: '{name}: choose {min} to {max}' },
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
  comboSoldOut: { id: 'chooser.comboSoldOut', defaultMessage: '{values} is sold out. Please choose another option.' },
  valueSeparator: { id: 'chooser.valueSeparator', defaultMessage: ', ' },
  price: { id: 'chooser.price', defaultMessage: 'Price' },
  from: { id: 'chooser.from', defaultMessage: 'from {price}' },
});

interface Props {
  goods: Goods;
  onClose: () => void;
  /** Opened as the dish's details (its name or picture tapped): a large picture, the description and the price first. */
  details?: boolean;
}

export function GoodsChooser({ goods, onClose, details = false }: Props) {
  const intl = useIntl();
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const detail = goodsOptionsApi.useGoodsDetailQuery({ GoodsID: goods.GoodsID });
  // The parts switched off at this outlet are left out (issue 27).
  const baseId = useAppSelector(selectShopParams).BaseID;
  const bundle = goodsOptionsApi.useBundleQuery({ GoodsID: goods.GoodsID, ...(baseId ? { BaseID: baseId } : {}) }, { skip: !goods.hasBom });
  const addOns = goodsOptionsApi.useAddOnsQuery({ GoodsID: goods.GoodsID }, { skip: !goods.hasCharging });

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
        {details && <GoodsDetailsHead goods={goods} description={detail.data?.goods.remarks ?? ''} />}
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

/** The dish's details above its choices: the picture large, the description, the price. */
function GoodsDetailsHead({ goods, description }: { goods: Goods; description: string }) {
  const intl = useIntl();
  const entity = useAppSelector(selectEntity);
  const money = useMoney();
  const promoted = goods.promotePrice !== null && Number(goods.promotePrice) < Number(goods.salesPrice);
  const price = money.price(promoted ? goods.promotePrice! : goods.salesPrice);
  return (
    <div className="goods-details">
      <img
        src={ossUrl(entity?.OssCustomerDomain ?? '/oss/', goods.pic, 720, 540)}
        alt={goods.name}
        width={360}
        height={270}
        style={{ width: '100%', height: 'auto', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 12, background: 'var(--bg)' }}
      />
      {description && <p style={{ margin: '12px 0 4px' }}>{description}</p>}
      <DietIcons code={goods.diet} />
      <p className="goods-price" aria-label={`${intl.formatMessage(messages.price)}: ${goods.skuType > 0 ? intl.formatMessage(messages.from, { price }) : price}`}>
        <strong>{goods.skuType > 0 ? intl.formatMessage(messages.from, { price }) : price}</strong>
        {promoted && <s style={{ marginLeft: 8 }}>{money.price(goods.salesPrice)}</s>}
      </p>
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
  const online = useOnline();

  const attributes = detail.attributes.length > 0
    ? detail.attributes
    : detail.skus.length > 0
      ? [{ name: intl.formatMessage(messages.options), values: detail.skus.map((s) => skuValues(s.SkuItems).join(' / ')) }]
      : [];
  const firstAvailable = detail.skus.find((s) => !s.soldOut);
  const [chosenValues, setChosenValues] = useState<string[]>(() =>
    firstAvailable ? (detail.attributes.length > 0 ? skuValues(firstAvailable.SkuItems) : [skuValues(firstAvailable.SkuItems).join(' / ')]) : [],
  );
  const sku = skuOfChoice(detail, chosenValues);
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
  // A complete choice of values whose sku is sold out: said in words, and Add is disabled (issue 23 item 10).
  const comboSoldOut = detail.skus.length > 0 && chosenValues.length === attributes.length && chosenValues.every(Boolean) && (!sku || sku.soldOut);
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
    if (comboSoldOut) return;
    if (!complete) {
      dispatch(toastShown({ message: messages.chooseRequired }));
      return;
    }
    dispatch(
      cartAdd({
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
            remarkList: remark.trim() ? [remark.trim()] : [],
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
      {attributes.map((attr, index) => {
        const surcharges = valueSurcharges(detail, chosenValues, index, attr.values, money.formats.PricePoint);
        return (
        <fieldset key={attr.name} className="choice-group">
          <legend>{attr.name}</legend>
          {attr.values.map((value, v) => {
            const next = [...chosenValues];
            next[index] = value;
            const soldOut = valueSoldOut(detail, index, value);
            const surcharge = surcharges[v] ?? '0';
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
                {Number(surcharge) > 0 && (
                  <>
                    {' '}
                    <span className="surcharge">{intl.formatMessage(messages.surcharge, { amount: money.price(surcharge) })}</span>
                  </>
                )}
                {soldOut && (
                  <span className="tag">
                    <FormattedMessage {...errors.soldOut} />
                  </span>
                )}
                <OptionDiet code={skuOfChoice(detail, next)?.diet} />
              </label>
            );
          })}
        </fieldset>
        );
      })}
      {comboSoldOut && (
        <p role="alert" className="note">
          <FormattedMessage
            {...messages.comboSoldOut}
            values={{ values: chosenValues.join(intl.formatMessage(messages.valueSeparator)) }}
          />
        </p>
      )}
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
              {packName(intl, p.name, Number(p.Ref))} {money.price(p.salesPrice)}
            </label>
          ))}
        </fieldset>
      )}
      {groups.map((group) => (
        <fieldset key={group.BOMClassID} className="choice-group">
          <legend>
            <FormattedMessage
              {...(group.selectMin === group.selectQua ? messages.required : group.selectMin === 0 ? messages.optional : messages.range)}
              values={{ name: group.name, count: group.selectQua, min: group.selectMin, max: group.selectQua }}
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
                <OptionDiet code={item.diet} />
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
                <OptionDiet code={a.diet} />
              </label>
            );
          })}
        </fieldset>
      )}
      <RemarkField
        label={<FormattedMessage {...messages.remarks} />}
        placeholder={intl.formatMessage(messages.remarksHint)}
        value={remark}
        onChange={setRemark}
      />
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
      <OfflineNote />
      <button type="button" className="btn btn-primary btn-block" aria-disabled={!complete} disabled={comboSoldOut || !online} onClick={handleAdd}>
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
