/**
 * Customer-facing texts in the caller's language: the one mechanism behind
 * every name, unit, spec, add-on, bundle group, promotion, address and notice
 * the service answers (migrations/010_translations.sql).
 *
 * A text column `x` holds the simplified Chinese text, `x_tw` the traditional
 * Chinese and `x_en` the English one, '' when not translated. A read answers
 * one field `X` in one language: the caller's (Accept-Language, ctx.lang), or
 * when that translation is missing the enterprise's AppLanguage, then
 * simplified Chinese, then whichever exists. The choice is made per field,
 * and a field is never assembled from two languages; the app shows the
 * answer as it is (no second copy per language on the wire).
 */
import type { Queryable } from '../db/driver';
import type { Lang } from '../messages';

/** The languages a read tries, in order (no repeats). */
export interface TextLangs {
  chain: readonly Lang[];
}

const SUFFIX: Record<Lang, string> = { 'zh-CN': '', 'zh-TW': '_tw', en: '_en' };
const ALL: readonly Lang[] = ['zh-CN', 'zh-TW', 'en'];

/** The enterprise parameter AppLanguage's values (SPEC section 1) as languages. */
const APP_LANGUAGES: Readonly<Record<string, Lang>> = {
  LANGUAGE_ZH: 'zh-CN',
  LANGUAGE_ZH_TD: 'zh-TW',
  LANGUAGE_EN: 'en',
};

export function appLanguageToLang(value: string | null | undefined): Lang | null {
  return (value && APP_LANGUAGES[value.trim()]) || null;
}

/** The fallback chain: the caller's language, the enterprise's, simplified Chinese, the rest. */
export function textLangs(want: Lang, enterprise: Lang | null): TextLangs {
  return { chain: [...new Set<Lang>([want, ...(enterprise ? [enterprise] : []), 'zh-CN', ...ALL])] };
}

type Owner = { entId: string } | { shopId: string } | { goodsId: string } | { baseId: string } | { sheetId: string };

/** The fallback chain of a caller reading an enterprise's texts (found by its id, a shop's, an outlet's, a goods' or a sheet's). */
export async function langsFor(tx: Queryable, want: Lang, owner: Owner): Promise<TextLangs> {
  const [ent, value] =
    'entId' in owner ? ['$1', owner.entId]
    : 'shopId' in owner ? ['(SELECT s.ent_id FROM shop s WHERE s.shop_id = $1)', owner.shopId]
    : 'baseId' in owner ? ['(SELECT b.ent_id FROM base b WHERE b.base_id = $1)', owner.baseId]
    : 'sheetId' in owner ? ['(SELECT s.ent_id FROM sheet s WHERE s.sheet_id = $1)', owner.sheetId]
    : ['(SELECT g.ent_id FROM goods g WHERE g.goods_id = $1)', owner.goodsId];
  const [row] = await tx.query<{ parm_value: string }>(
    `SELECT p.parm_value FROM ent_parm p WHERE p.parm_id = 'AppLanguage' AND p.ent_id = ${ent}`,
    [value],
  );
  return textLangs(want, appLanguageToLang(row?.parm_value));
}

/** SQL of one text column (`g.goods_name`) in the chain's first language that has it ('' when none does). */
export function tr(column: string, langs: TextLangs): string {
  const columns = langs.chain.map((l) => `${column}${SUFFIX[l]}`);
  return `COALESCE(${columns.map((c) => `NULLIF(${c}, '')`).join(', ')}, '')`;
}

/**
 * SQL of a column that belongs to a group of texts translated together (a
 * goods' spec): `value` in the chain's first language in which `test` is not
 * empty, so every field of the group is in one language.
 */
export function trBy(test: string, value: string, langs: TextLangs): string {
  const whens = langs.chain.map((l) => `WHEN ${test}${SUFFIX[l]} <> '' THEN ${value}${SUFFIX[l]}`).join(' ');
  return `(CASE ${whens} ELSE ${tr(value, langs)} END)`;
}

/** A text the service itself supplies (not the enterprise's) in the chain's first language. */
export function pick(texts: Record<Lang, string>, langs: TextLangs): string {
  for (const l of langs.chain) if (texts[l]) return texts[l];
  return '';
}
