/**
 * The spec's names and values in traditional Chinese and English (the
 * customer's chooser shows the spec in the customer's language). The goods'
 * own spec, as entered in the goods form, is the simplified Chinese one and
 * the spec's identity; a translation covers every name and value or none
 * (then the language is marked missing and customers reading it see the
 * goods' own). The enterprise's language is required.
 */
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { defineMessages } from '../../../ui-kit/defineMessages';
import { LANG_WORD, PartFooter, usePartSave, x, type FieldError, type PartProps } from './extrasShared';
import type { GoodsExtras, MenuApi } from './menuApi';

const m = defineMessages({
  part: { id: 'staff.menu.specTexts.part', defaultMessage: 'spec translations' },
  none: { id: 'staff.menu.specTexts.none', defaultMessage: 'This goods has no spec: add attributes in the goods form first.' },
  own: { id: 'staff.menu.specTexts.own', defaultMessage: 'As entered (simplified Chinese)' },
  name: { id: 'staff.menu.specTexts.name', defaultMessage: 'Attribute {attribute} in {language}' },
  value: { id: 'staff.menu.specTexts.value', defaultMessage: '{value} in {language}' },
  errWhole: { id: 'staff.menu.specTexts.err.whole', defaultMessage: 'The spec in {language}: translate every name and value, or none.' },
  errRequired: { id: 'staff.menu.specTexts.err.required', defaultMessage: 'The spec in {language}, the enterprise\'s language, is required.' },
});

type Tl = 'tw' | 'en';
const TLANGS: readonly Tl[] = ['tw', 'en'];
type Spec = { name: string; values: string[] }[];

function formOf(e: GoodsExtras): Record<Tl, Spec> {
  const aligned = (t: Spec): Spec => e.spec.zh.map((a, i) => ({ name: t[i]?.name ?? '', values: a.values.map((_, j) => t[i]?.values[j] ?? '') }));
  return { tw: aligned(e.spec.tw), en: aligned(e.spec.en) };
}

export function SpecTranslations({ api, goods, extras, language, onSaved }: PartProps & { api: MenuApi }) {
  const intl = useIntl();
  const [texts, setTexts] = useState<Record<Tl, Spec>>(() => formOf(extras));
  const { busy, errors, notice, save, invalid } = usePartSave(onSaved, (e) => setTexts(formOf(e)));
  const base = extras.spec.zh;
  const filled = (l: Tl) => texts[l].some((a) => a.name.trim() || a.values.some((v) => v.trim()));
  const whole = (l: Tl) => texts[l].every((a) => a.name.trim() && a.values.every((v) => v.trim()));
  const setName = (l: Tl, i: number, name: string) => setTexts((t) => ({ ...t, [l]: t[l].map((a, k) => (k === i ? { ...a, name } : a)) }));
  const setValue = (l: Tl, i: number, j: number, v: string) => setTexts((t) => ({ ...t, [l]: t[l].map((a, k) => (k === i ? { ...a, values: a.values.map((w, n) => (n === j ? v : w)) } : a)) }));
  const word = (l: Tl) => intl.formatMessage(LANG_WORD[l]);

  if (base.length === 0) return <p className="muted">{intl.formatMessage(m.none)}</p>;

  function check(): FieldError[] {
    const out: FieldError[] = [];
    for (const l of TLANGS) {
      if (filled(l) && !whole(l)) out.push({ field: `spec.${l}`, message: intl.formatMessage(m.errWhole, { language: word(l) }) });
      else if (!filled(l) && l === language) out.push({ field: `spec.${l}`, message: intl.formatMessage(m.errRequired, { language: word(l) }) });
    }
    return out;
  }

  const onSave = () => void save(check, () => api.saveSpecTexts(goods.goodsId, { version: extras.version, tw: filled('tw') ? texts.tw : [], en: filled('en') ? texts.en : [] }));

  return (
    <div className="extras-part">
      <table className="spec-texts">
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage(m.own)}</th>
            {TLANGS.map((l) => (
              <th scope="col" key={l}>
                {word(l)}
                {l === language ? <em className="tag"> ({intl.formatMessage(x.required)})</em> : !whole(l) ? <em className="tag missing"> ({intl.formatMessage(x.missing)})</em> : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {base.map((a, i) => [
            <tr key={`a${i}`}>
              <th scope="row">{a.name}</th>
              {TLANGS.map((l) => (
                <td key={l}>
                  <input {...invalid(`spec.${l}`)} aria-label={intl.formatMessage(m.name, { attribute: a.name, language: word(l) })} value={texts[l][i]!.name} maxLength={40} onChange={(e) => setName(l, i, e.target.value)} />
                </td>
              ))}
            </tr>,
            ...a.values.map((v, j) => (
              <tr key={`a${i}v${j}`}>
                <td className="spec-value">{v}</td>
                {TLANGS.map((l) => (
                  <td key={l}>
                    <input {...invalid(`spec.${l}`)} aria-label={intl.formatMessage(m.value, { value: v, language: word(l) })} value={texts[l][i]!.values[j]!} maxLength={40} onChange={(e) => setValue(l, i, j, e.target.value)} />
                  </td>
                ))}
              </tr>
            )),
          ])}
        </tbody>
      </table>
      <PartFooter part={intl.formatMessage(m.part)} busy={busy} errors={errors} notice={notice} onSave={onSave} />
    </div>
  );
}
