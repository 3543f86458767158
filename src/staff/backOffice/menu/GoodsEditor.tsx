/**
 * A goods' form in the back office: names and descriptions in three
 * languages (the enterprise's required, the others marked missing), type,
 * prices (the enterprise's decimals, never negative), a spec of one or two
 * attributes with a price per sku, outlets, sold out and a picture, with a
 * preview as the customer will see it. Checked here first, in the screen's
 * language; the service checks again (its messages are in the same language).
 * A save names the version the form was read at: when someone else saved
 * first, the form shows their values and says so.
 */
import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { defineMessages } from '../../../ui-kit/defineMessages';
import { localName } from '../../../ui-kit/localName';
import type { StaffLocale } from '../../i18n/locale';
import { MenuError, type MenuAnswer, type MenuApi, type MenuGoodsJson } from './menuApi';

const m = defineMessages({
  newTitle: { id: 'staff.menu.goods.new', defaultMessage: 'New goods' },
  editTitle: { id: 'staff.menu.goods.edit', defaultMessage: 'Edit {name}' },
  code: { id: 'staff.menu.goods.code', defaultMessage: 'Code' },
  cls: { id: 'staff.menu.goods.class', defaultMessage: 'Class' },
  type: { id: 'staff.menu.goods.type', defaultMessage: 'Goods type' },
  nameZh: { id: 'staff.menu.nameZh', defaultMessage: 'Name (simplified Chinese)' },
  nameTw: { id: 'staff.menu.nameTw', defaultMessage: 'Name (traditional Chinese)' },
  nameEn: { id: 'staff.menu.nameEn', defaultMessage: 'Name (English)' },
  descZh: { id: 'staff.menu.goods.descZh', defaultMessage: 'Description (simplified Chinese)' },
  descTw: { id: 'staff.menu.goods.descTw', defaultMessage: 'Description (traditional Chinese)' },
  descEn: { id: 'staff.menu.goods.descEn', defaultMessage: 'Description (English)' },
  required: { id: 'staff.menu.required', defaultMessage: 'required' },
  missing: { id: 'staff.menu.missing', defaultMessage: 'missing' },
  price: { id: 'staff.menu.goods.price', defaultMessage: 'Price' },
  salesPrice: { id: 'staff.menu.goods.salesPrice', defaultMessage: 'Sales price' },
  spec: { id: 'staff.menu.goods.spec', defaultMessage: 'Spec' },
  attrName: { id: 'staff.menu.goods.attrName', defaultMessage: 'Attribute {n} name' },
  attrValues: { id: 'staff.menu.goods.attrValues', defaultMessage: 'Attribute {n} values (separated by commas)' },
  skuPrice: { id: 'staff.menu.goods.skuPrice', defaultMessage: 'Price of {spec}' },
  outlets: { id: 'staff.menu.outlets', defaultMessage: 'Sold at' },
  soldOut: { id: 'staff.menu.goods.soldOut', defaultMessage: 'Sold out' },
  picture: { id: 'staff.menu.goods.picture', defaultMessage: 'Picture (JPEG, PNG or WebP, up to 5 MB)' },
  preview: { id: 'staff.menu.goods.preview', defaultMessage: 'As the customer sees it' },
  save: { id: 'staff.menu.save', defaultMessage: 'Save' },
  saving: { id: 'staff.menu.saving', defaultMessage: 'Saving…' },
  saved: { id: 'staff.menu.saved', defaultMessage: 'Saved.' },
  cancel: { id: 'staff.menu.cancel', defaultMessage: 'Close' },
  archive: { id: 'staff.menu.goods.archive', defaultMessage: 'Archive' },
  unarchive: { id: 'staff.menu.goods.unarchive', defaultMessage: 'Bring back' },
  errName: { id: 'staff.menu.err.name', defaultMessage: 'The name in {language} is required.' },
  errCode: { id: 'staff.menu.err.code', defaultMessage: 'The code is required.' },
  errClass: { id: 'staff.menu.err.class', defaultMessage: 'Choose a class.' },
  errPrice: { id: 'staff.menu.err.price', defaultMessage: '{field}: enter an amount of at most {decimals} decimals, not negative.' },
  errPicture: { id: 'staff.menu.err.picture', defaultMessage: 'The picture must be a JPEG, PNG or WebP of at most 5 MB.' },
  errFailed: { id: 'staff.menu.err.failed', defaultMessage: 'Not saved: {reason}' },
  langZh: { id: 'staff.menu.lang.zh', defaultMessage: 'simplified Chinese' },
  langTw: { id: 'staff.menu.lang.tw', defaultMessage: 'traditional Chinese' },
  langEn: { id: 'staff.menu.lang.en', defaultMessage: 'English' },
  t0: { id: 'staff.menu.type.common', defaultMessage: 'Common' },
  t3: { id: 'staff.menu.type.bundle', defaultMessage: 'With bundle parts' },
  t5: { id: 'staff.menu.type.catering', defaultMessage: 'Catering' },
  t6: { id: 'staff.menu.type.prescription', defaultMessage: 'Prescription' },
  t7: { id: 'staff.menu.type.byWeight', defaultMessage: 'By weight' },
  t9: { id: 'staff.menu.type.bag', defaultMessage: 'Bag' },
});

const TYPES = [
  [0, m.t0],
  [3, m.t3],
  [5, m.t5],
  [6, m.t6],
  [7, m.t7],
  [9, m.t9],
] as const;
type Lk = 'zh' | 'tw' | 'en';
const LANGS: readonly Lk[] = ['zh', 'tw', 'en'];
const NAME_LABEL = { zh: m.nameZh, tw: m.nameTw, en: m.nameEn };
const DESC_LABEL = { zh: m.descZh, tw: m.descTw, en: m.descEn };
const LANG_WORD = { zh: m.langZh, tw: m.langTw, en: m.langEn };
const MAX_PICTURE = 5 * 1024 * 1024;
const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

interface Form {
  classId: string;
  code: string;
  names: Record<Lk, string>;
  descriptions: Record<Lk, string>;
  goodsType: number;
  price: string;
  salesPrice: string;
  outlets: string[];
  soldOut: boolean;
  attrs: { name: string; values: string }[];
  skuPrices: Record<string, string>;
}

const splitValues = (text: string) => [...new Set(text.split(/[,，]/).map((v) => v.trim()).filter(Boolean))];

function formOf(g: MenuGoodsJson | null, menu: MenuAnswer, classId: string): Form {
  if (!g) {
    return { classId, code: '', names: { zh: '', tw: '', en: '' }, descriptions: { zh: '', tw: '', en: '' }, goodsType: 0, price: '', salesPrice: '', outlets: menu.outlets.map((o) => o.baseId), soldOut: false, attrs: [{ name: '', values: '' }, { name: '', values: '' }], skuPrices: {} };
  }
  const attrs = [...g.attributes.map((a) => ({ name: a.name, values: a.values.join(', ') })), { name: '', values: '' }, { name: '', values: '' }].slice(0, 2);
  return {
    classId: g.classId,
    code: g.code,
    names: { ...g.names },
    descriptions: { ...g.descriptions },
    goodsType: g.goodsType,
    price: g.price,
    salesPrice: g.salesPrice,
    outlets: [...g.outlets],
    soldOut: g.soldOut,
    attrs,
    skuPrices: Object.fromEntries(g.skus.map((s) => [s.values.join(';'), s.price])),
  };
}

export function GoodsEditor({ api, menu, goods, classId, locale, onSaved, onClose }: { api: MenuApi; menu: MenuAnswer; goods: MenuGoodsJson | null; classId: string; locale: StaffLocale; onSaved: (g: MenuGoodsJson) => void; onClose: () => void }) {
  const intl = useIntl();
  const [form, setForm] = useState<Form>(() => formOf(goods, menu, classId));
  const [version, setVersion] = useState(goods?.version ?? 0);
  const [current, setCurrent] = useState<MenuGoodsJson | null>(goods);
  const [errors, setErrors] = useState<{ field: string; message: string }[]>([]);
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const fileUrl = useMemo(() => (file ? URL.createObjectURL(file) : ''), [file]);
  useEffect(() => () => (fileUrl ? URL.revokeObjectURL(fileUrl) : undefined), [fileUrl]);

  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const attributes = form.attrs.filter((a) => a.name.trim() && splitValues(a.values).length > 0).map((a) => ({ name: a.name.trim(), values: splitValues(a.values) }));
  const combos = attributes.length === 0 ? [] : attributes.length === 1 ? attributes[0]!.values.map((v) => [v]) : attributes[0]!.values.flatMap((a) => attributes[1]!.values.map((b) => [a, b]));
  const fieldError = (field: string) => errors.find((e) => e.field === field)?.message;

  function check(): { field: string; message: string }[] {
    const out: { field: string; message: string }[] = [];
    const lang = menu.language;
    if (!form.names[lang].trim()) out.push({ field: `names.${lang}`, message: intl.formatMessage(m.errName, { language: intl.formatMessage(LANG_WORD[lang]) }) });
    if (!form.code.trim()) out.push({ field: 'code', message: intl.formatMessage(m.errCode) });
    if (!form.classId) out.push({ field: 'classId', message: intl.formatMessage(m.errClass) });
    const d = menu.priceDecimals;
    const re = d > 0 ? new RegExp(`^\\d{1,12}(\\.\\d{1,${d}})?$`) : /^\d{1,12}$/;
    const price = (value: string, field: string, label: string) => {
      if (!re.test(value.trim())) out.push({ field, message: intl.formatMessage(m.errPrice, { field: label, decimals: d }) });
    };
    price(form.price, 'price', intl.formatMessage(m.price));
    if (form.salesPrice.trim()) price(form.salesPrice, 'salesPrice', intl.formatMessage(m.salesPrice));
    combos.forEach((c, i) => {
      const v = form.skuPrices[c.join(';')];
      if (v !== undefined && v.trim() !== '') price(v, `skus.${i}.price`, intl.formatMessage(m.skuPrice, { spec: c.join(' / ') }));
    });
    return out;
  }

  async function save() {
    setNotice('');
    const found = check();
    setErrors(found);
    if (found.length > 0) return;
    setBusy(true);
    const body = {
      classId: form.classId,
      code: form.code.trim(),
      names: form.names,
      descriptions: form.descriptions,
      goodsType: form.goodsType,
      price: form.price.trim(),
      salesPrice: form.salesPrice.trim() || form.price.trim(),
      outlets: form.outlets,
      soldOut: form.soldOut,
      attributes,
      skus: combos.map((c) => ({ values: c, price: form.skuPrices[c.join(';')]?.trim() || form.price.trim() })),
    };
    try {
      let saved = current ? await api.updateGoods(current.goodsId, { ...body, version }) : await api.createGoods({ ...body, shopId: menu.shopId });
      if (file) saved = await api.uploadPicture(saved.goodsId, file);
      setFile(null);
      setCurrent(saved);
      setVersion(saved.version);
      setForm(formOf(saved, menu, saved.classId));
      setNotice(intl.formatMessage(m.saved));
      onSaved(saved);
    } catch (err) {
      if (!(err instanceof MenuError)) throw err;
      if (err.status === 409 && err.current && 'goodsId' in err.current) {
        // Someone else saved first: their values, and the version to save on.
        const fresh = err.current;
        setCurrent(fresh);
        setVersion(fresh.version);
        setForm(formOf(fresh, menu, fresh.classId));
        onSaved(fresh);
      }
      setErrors(err.fields);
      setNotice(intl.formatMessage(m.errFailed, { reason: err.message }));
    } finally {
      setBusy(false);
    }
  }

  async function toggleArchive() {
    if (!current) return;
    try {
      const saved = await api.archiveGoods(current.goodsId, !current.archived);
      setCurrent(saved);
      setVersion(saved.version);
      onSaved(saved);
    } catch (err) {
      if (!(err instanceof MenuError)) throw err;
      setNotice(intl.formatMessage(m.errFailed, { reason: err.message }));
    }
  }

  const shownName = localName(form.names, locale) || form.code;
  const shownDescription = localName(form.descriptions, locale);
  const picture = fileUrl || (current?.pic ? `/oss/${current.pic}` : '');
  // A field's label is its name (and whether it is required or missing); its error is said in the alert below the form, and the field is marked invalid.
  const label = (text: string, _field: string, extra?: ReactElement) => (
    <span>
      {text}
      {extra}
    </span>
  );
  const invalid = (field: string) => (fieldError(field) ? { 'aria-invalid': true as const, className: 'invalid' } : {});

  return (
    <section className="goods-editor" aria-labelledby="goods-editor-title">
      <h3 id="goods-editor-title">{current ? intl.formatMessage(m.editTitle, { name: localName(current.names, locale) }) : intl.formatMessage(m.newTitle)}</h3>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
        noValidate
      >
        <div className="grid">
          <label>
            {label(intl.formatMessage(m.code), 'code')}
            <input {...invalid('code')} value={form.code} maxLength={20} onChange={(e) => set('code', e.target.value)} />
          </label>
          <label>
            {label(intl.formatMessage(m.cls), 'classId')}
            <select value={form.classId} onChange={(e) => set('classId', e.target.value)}>
              {menu.classes.map((c) => (
                <option key={c.classId} value={c.classId}>
                  {localName(c.names, locale)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {label(intl.formatMessage(m.type), 'goodsType')}
            <select value={form.goodsType} onChange={(e) => set('goodsType', Number(e.target.value))}>
              {TYPES.map(([value, text]) => (
                <option key={value} value={value}>
                  {intl.formatMessage(text)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <div className="grid">
          {LANGS.map((l) => (
            <label key={l}>
              {label(
                intl.formatMessage(NAME_LABEL[l]),
                `names.${l}`,
                l === menu.language ? (
                  <em className="tag"> ({intl.formatMessage(m.required)})</em>
                ) : !form.names[l].trim() ? (
                  <em className="tag missing"> ({intl.formatMessage(m.missing)})</em>
                ) : undefined,
              )}
              <input {...invalid(`names.${l}`)} value={form.names[l]} maxLength={80} required={l === menu.language} onChange={(e) => set('names', { ...form.names, [l]: e.target.value })} />
            </label>
          ))}
        </div>
        <div className="grid">
          {LANGS.map((l) => (
            <label key={l}>
              {label(intl.formatMessage(DESC_LABEL[l]), `descriptions.${l}`, !form.descriptions[l].trim() ? <em className="tag missing"> ({intl.formatMessage(m.missing)})</em> : undefined)}
              <textarea value={form.descriptions[l]} maxLength={500} rows={2} onChange={(e) => set('descriptions', { ...form.descriptions, [l]: e.target.value })} />
            </label>
          ))}
        </div>
        <div className="grid">
          <label>
            {label(intl.formatMessage(m.price), 'price')}
            <input {...invalid('price')} inputMode="decimal" value={form.price} onChange={(e) => set('price', e.target.value)} />
          </label>
          <label>
            {label(intl.formatMessage(m.salesPrice), 'salesPrice')}
            <input {...invalid('salesPrice')} inputMode="decimal" value={form.salesPrice} placeholder={form.price} onChange={(e) => set('salesPrice', e.target.value)} />
          </label>
          <label className="check">
            <input type="checkbox" checked={form.soldOut} onChange={(e) => set('soldOut', e.target.checked)} />
            {intl.formatMessage(m.soldOut)}
          </label>
        </div>
        <fieldset>
          <legend>{intl.formatMessage(m.spec)}</legend>
          {fieldError('attributes') && <p className="error">{fieldError('attributes')}</p>}
          <div className="grid">
            {form.attrs.map((a, i) => (
              <div key={i} className="attr">
                <label>
                  <span>{intl.formatMessage(m.attrName, { n: i + 1 })}</span>
                  <input value={a.name} maxLength={40} onChange={(e) => set('attrs', form.attrs.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))} />
                </label>
                <label>
                  <span>{intl.formatMessage(m.attrValues, { n: i + 1 })}</span>
                  <input value={a.values} onChange={(e) => set('attrs', form.attrs.map((x, j) => (j === i ? { ...x, values: e.target.value } : x)))} />
                </label>
              </div>
            ))}
          </div>
          {combos.length > 0 && (
            <div className="grid">
              {combos.map((c, i) => (
                <label key={c.join(';')}>
                  {label(intl.formatMessage(m.skuPrice, { spec: c.join(' / ') }), `skus.${i}.price`)}
                  <input {...invalid(`skus.${i}.price`)} inputMode="decimal" value={form.skuPrices[c.join(';')] ?? ''} placeholder={form.price} onChange={(e) => set('skuPrices', { ...form.skuPrices, [c.join(';')]: e.target.value })} />
                </label>
              ))}
            </div>
          )}
        </fieldset>
        <fieldset>
          <legend>{intl.formatMessage(m.outlets)}</legend>
          {fieldError('outlets') && <p className="error">{fieldError('outlets')}</p>}
          {menu.outlets.map((o) => (
            <label key={o.baseId} className="check">
              <input
                type="checkbox"
                checked={form.outlets.includes(o.baseId)}
                onChange={(e) => set('outlets', e.target.checked ? [...form.outlets, o.baseId] : form.outlets.filter((b) => b !== o.baseId))}
              />
              {o.name}
            </label>
          ))}
        </fieldset>
        <div className="grid">
          <label>
            {label(intl.formatMessage(m.picture), 'picture')}
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp"
              onChange={(e) => {
                const f = e.target.files?.[0] ?? null;
                if (f && (!PICTURE_TYPES.includes(f.type) || f.size > MAX_PICTURE)) {
                  setErrors([{ field: 'picture', message: intl.formatMessage(m.errPicture) }]);
                  e.target.value = '';
                  return;
                }
                setErrors((x) => x.filter((y) => y.field !== 'picture'));
                setFile(f);
              }}
            />
          </label>
          <figure className="customer-preview" aria-label={intl.formatMessage(m.preview)}>
            <figcaption className="muted">{intl.formatMessage(m.preview)}</figcaption>
            <div className="preview-card">
              {picture ? <img src={picture} alt={shownName} width={160} height={120} /> : <div className="no-picture" />}
              <div>
                <strong>{shownName}</strong>
                {shownDescription && <p className="muted">{shownDescription}</p>}
                <p>{form.salesPrice || form.price}</p>
              </div>
            </div>
          </figure>
        </div>
        {notice && (
          <p role="alert" className={errors.length || notice !== intl.formatMessage(m.saved) ? 'error' : ''}>
            {notice}
          </p>
        )}
        {errors.length > 0 && (
          <ul role="alert" className="error">
            {errors.map((e) => (
              <li key={e.field}>{e.message}</li>
            ))}
          </ul>
        )}
        <div className="actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            <FormattedMessage {...(busy ? m.saving : m.save)} />
          </button>
          {current && (
            <button type="button" className="btn btn-danger" onClick={() => void toggleArchive()}>
              <FormattedMessage {...(current.archived ? m.unarchive : m.archive)} />
            </button>
          )}
          <button type="button" className="btn" onClick={onClose}>
            <FormattedMessage {...m.cancel} />
          </button>
        </div>
      </form>
    </section>
  );
}
