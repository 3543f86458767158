/**
 * What the goods extras' editors share (PackUnitsEditor, BundleGroupsEditor,
 * AddOnsEditor, SpecTranslations): the save of one part at the goods'
 * version (a conflict shows the fresh values, a refusal each field's message,
 * both in the screen's language as the service said them), names in three
 * languages (the enterprise's required, the others marked missing), and the
 * checks made here before anything is sent.
 */
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { defineMessages } from '../../../ui-kit/defineMessages';
import type { MenuGoodsJson } from '../../../shared/protocol/staffMenu';
import { MenuError, type GoodsExtras } from './menuApi';

export const x = defineMessages({
  save: { id: 'staff.menu.extras.save', defaultMessage: 'Save {part}' },
  saving: { id: 'staff.menu.extras.saving', defaultMessage: 'Saving…' },
  saved: { id: 'staff.menu.extras.saved', defaultMessage: 'Saved.' },
  failed: { id: 'staff.menu.extras.failed', defaultMessage: 'Not saved: {reason}' },
  conflict: { id: 'staff.menu.extras.conflict', defaultMessage: 'Someone else saved this goods first: their values are shown. Check them and save again.' },
  required: { id: 'staff.menu.extras.required', defaultMessage: 'required' },
  missing: { id: 'staff.menu.extras.missing', defaultMessage: 'missing' },
  remove: { id: 'staff.menu.extras.remove', defaultMessage: 'Remove {name}' },
  removeShort: { id: 'staff.menu.extras.removeShort', defaultMessage: 'Remove' },
  pick: { id: 'staff.menu.extras.pick', defaultMessage: 'Choose…' },
  nameZh: { id: 'staff.menu.extras.nameZh', defaultMessage: '{what} (simplified Chinese)' },
  nameTw: { id: 'staff.menu.extras.nameTw', defaultMessage: '{what} (traditional Chinese)' },
  nameEn: { id: 'staff.menu.extras.nameEn', defaultMessage: '{what} (English)' },
  langZh: { id: 'staff.menu.extras.lang.zh', defaultMessage: 'simplified Chinese' },
  langTw: { id: 'staff.menu.extras.lang.tw', defaultMessage: 'traditional Chinese' },
  langEn: { id: 'staff.menu.extras.lang.en', defaultMessage: 'English' },
  errName: { id: 'staff.menu.extras.err.name', defaultMessage: '{what}: the name in {language} is required.' },
  errPrice: { id: 'staff.menu.extras.err.price', defaultMessage: '{field}: enter an amount of at most {decimals} decimals, not negative.' },
});

export type Lk = 'zh' | 'tw' | 'en';
export const LANGS: readonly Lk[] = ['zh', 'tw', 'en'];
export const LANG_WORD = { zh: x.langZh, tw: x.langTw, en: x.langEn };
const NAME_LABEL = { zh: x.nameZh, tw: x.nameTw, en: x.nameEn };
export type Texts = Record<Lk, string>;
export type FieldError = { field: string; message: string };
export const emptyTexts = (): Texts => ({ zh: '', tw: '', en: '' });

/** A price as the service takes it: digits with at most `decimals` decimals, never negative. */
export function priceOk(value: string, decimals: number): boolean {
  const re = decimals > 0 ? new RegExp(`^\\d{1,12}(\\.\\d{1,${decimals}})?$`) : /^\d{1,12}$/;
  return re.test(value.trim());
}

/** The name in the enterprise's language, or the first one given. */
export const shownName = (t: Texts, lang: Lk) => t[lang] || t.zh || t.tw || t.en;

export interface PartProps {
  goods: MenuGoodsJson;
  extras: GoodsExtras;
  /** The enterprise's language (names in it are required) and price decimals. */
  language: Lk;
  decimals: number;
  /** After a save (`conflict` false) or a refusal because someone else saved first (true, with their values). */
  onSaved: (goods: MenuGoodsJson, extras: GoodsExtras, conflict: boolean) => void;
}

/**
 * Saves one part: `check` first (errors in the screen's language, nothing
 * sent), then `send`; a 409 hands the fresh goods and extras to `onSaved`
 * (the editor shows them) and says so.
 */
export function usePartSave(onSaved: PartProps['onSaved'], reset: (extras: GoodsExtras) => void) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [notice, setNotice] = useState('');
  async function save(check: () => FieldError[], send: () => Promise<{ goods: MenuGoodsJson; extras: GoodsExtras }>) {
    setNotice('');
    const found = check();
    setErrors(found);
    if (found.length > 0) return;
    setBusy(true);
    try {
      const { goods, extras } = await send();
      reset(extras);
      onSaved(goods, extras, false);
      setNotice(intl.formatMessage(x.saved));
    } catch (err) {
      if (!(err instanceof MenuError)) throw err;
      if (err.status === 409 && err.extras && err.current && 'goodsId' in err.current) {
        reset(err.extras);
        onSaved(err.current, err.extras, true);
        setNotice(intl.formatMessage(x.conflict));
      } else {
        setErrors(err.fields);
        setNotice(intl.formatMessage(x.failed, { reason: err.message }));
      }
    } finally {
      setBusy(false);
    }
  }
  const invalid = (field: string) => (errors.some((e) => e.field === field || e.field.startsWith(`${field}.`)) ? { 'aria-invalid': true as const, className: 'invalid' } : {});
  return { busy, errors, notice, save, invalid };
}

/** The part's save button, its notice and its errors (alerts, read out when they appear). */
export function PartFooter({ part, busy, errors, notice, onSave }: { part: string; busy: boolean; errors: FieldError[]; notice: string; onSave: () => void }) {
  return (
    <>
      {notice && (
        <p role="status" className={errors.length ? 'error' : ''}>
          {notice}
        </p>
      )}
      {errors.length > 0 && (
        <ul role="alert" className="error">
          {errors.map((e, i) => (
            <li key={`${e.field}-${i}`}>{e.message}</li>
          ))}
        </ul>
      )}
      <div className="actions">
        <button type="button" className="btn btn-primary" disabled={busy} onClick={onSave}>
          {busy ? <FormattedMessage {...x.saving} /> : <FormattedMessage {...x.save} values={{ part }} />}
        </button>
      </div>
    </>
  );
}

/** A remove button: "Remove" on it, what it removes in its name. */
export function RemoveButton({ name, onClick, danger = true }: { name: string; onClick: () => void; danger?: boolean }) {
  const intl = useIntl();
  return (
    <button type="button" className={`btn${danger ? ' btn-danger' : ''}`} aria-label={intl.formatMessage(x.remove, { name })} onClick={onClick}>
      {intl.formatMessage(x.removeShort)}
    </button>
  );
}

/** Three name fields: `what` is the thing named ("Pack unit 1"); the enterprise's language marked required, an empty other one missing. */
export function NameFields({ what, names, language, maxLength, invalid, onChange }: { what: string; names: Texts; language: Lk; maxLength: number; invalid: (l: Lk) => object; onChange: (names: Texts) => void }) {
  const intl = useIntl();
  return (
    <div className="grid">
      {LANGS.map((l) => (
        <label key={l}>
          <span>
            {intl.formatMessage(NAME_LABEL[l], { what })}
            {l === language ? <em className="tag"> ({intl.formatMessage(x.required)})</em> : !names[l].trim() ? <em className="tag missing"> ({intl.formatMessage(x.missing)})</em> : null}
          </span>
          <input {...invalid(l)} value={names[l]} maxLength={maxLength} onChange={(e) => onChange({ ...names, [l]: e.target.value })} />
        </label>
      ))}
    </div>
  );
}

/** Checks the enterprise's language's name and a price, pushing errors said in the screen's language. */
export function useChecks(language: Lk, decimals: number) {
  const intl = useIntl();
  return {
    name(names: Texts, what: string, field: string, out: FieldError[]) {
      if (!names[language].trim()) out.push({ field: `${field}.${language}`, message: intl.formatMessage(x.errName, { what, language: intl.formatMessage(LANG_WORD[language]) }) });
    },
    price(value: string, label: string, field: string, out: FieldError[]) {
      if (!priceOk(value, decimals)) out.push({ field, message: intl.formatMessage(x.errPrice, { field: label, decimals }) });
    },
  };
}
