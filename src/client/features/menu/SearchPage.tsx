/**
 * search: find a dish by its item number (the code printed on the paper
 * menu) or by its name (issue 23 item 19), in the screen's language (the
 * service answers the menu's names in the language the app shows). Tapping a
 * result's name or picture opens its details, as on the menu.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppSelector } from '../../app/hooks';
import { defineMessages } from '../../i18n/defineMessages';
import { CartBar } from '../cart';
import { useOrderingGuard, selectShopParams } from '../../session';
import { GoodsChooser } from './GoodsChooser';
import { GoodsRow, useRowKit } from './GoodsListPage';
import { useGoodsDetails } from './goodsDetails';
import { type Goods } from './menuApi';
import { useMenuGoods } from './menuGoods';

const messages = defineMessages({
  label: { id: 'search.label', defaultMessage: 'Item number or name' },
  hint: { id: 'search.hint', defaultMessage: 'For example 101 or noodles' },
  find: { id: 'search.find', defaultMessage: 'Find' },
  none: { id: 'search.none', defaultMessage: 'Nothing on the menu matches {code}.' },
  results: { id: 'search.results', defaultMessage: 'Items found' },
});

export const SEARCH_RESULTS_MAX = 30;

/** Lower case, without accents, full-width forms as ASCII, one space between words: 'Café  Latte' and 'cafe latte' meet. */
export function searchKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Goods whose number matches (exactly, then starting with it), then whose name does (starting with it, then containing it, or every word of it). */
export function findGoods(goods: readonly Goods[], query: string): Goods[] {
  const q = searchKey(query);
  if (!q) return [];
  const code = q.toUpperCase();
  const out: Goods[] = [];
  const seen = new Set<string>();
  const take = (g: Goods) => {
    if (seen.has(g.GoodsID)) return;
    seen.add(g.GoodsID);
    out.push(g);
  };
  for (const g of goods) if (g.GoodsCode && g.GoodsCode.toUpperCase() === code) take(g);
  for (const g of goods) if (g.GoodsCode && g.GoodsCode.toUpperCase().startsWith(code)) take(g);
  const names = goods.map((g) => [g, searchKey(g.name)] as const);
  for (const [g, name] of names) if (name.startsWith(q)) take(g);
  for (const [g, name] of names) if (name.includes(q)) take(g);
  const words = q.split(' ');
  if (words.length > 1) for (const [g, name] of names) if (words.every((w) => name.includes(w))) take(g);
  return out.slice(0, SEARCH_RESULTS_MAX);
}

export default function SearchPage() {
  useOrderingGuard();
  const intl = useIntl();
  const shop = useAppSelector(selectShopParams);
  const goods = useMenuGoods({ ShopID: shop.ShopID, BaseID: shop.BaseID });
  const [code, setCode] = useState('');
  const [submitted, setSubmitted] = useState('');
  const [chooser, setChooser] = useState<Goods | null>(null);
  const rowKit = useRowKit(setChooser);
  const found = useMemo(() => findGoods(goods.goods ?? [], submitted), [goods.goods, submitted]);
  const details = useGoodsDetails(goods.goods);
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(code);
  };
  return (
    <section className="search">
      <form className="search-form" role="search" onSubmit={handleSubmit}>
        <label className="field" style={{ flex: 1 }}>
          <span>
            <FormattedMessage {...messages.label} />
          </span>
          <input
            type="search"
            autoComplete="off"
            enterKeyHint="search"
            value={code}
            placeholder={intl.formatMessage(messages.hint)}
            onChange={(e) => {
              setCode(e.target.value);
              setSubmitted(e.target.value);
            }}
          />
        </label>
        <button type="submit" className="btn btn-primary" style={{ alignSelf: 'flex-end', marginBottom: 12 }}>
          <FormattedMessage {...messages.find} />
        </button>
      </form>
      {submitted.trim() && found.length === 0 && goods.complete && (
        <p role="status">
          <FormattedMessage {...messages.none} values={{ code: submitted.trim() }} />
        </p>
      )}
      {found.length > 0 && (
        <ul className="search-results" aria-label={intl.formatMessage(messages.results)} style={{ listStyle: 'none', padding: 0 }}>
          {found.map((g) => (
            <li key={g.GoodsID} style={{ height: 104 }}>
              <GoodsRow goods={g} kit={rowKit.kit} count={rowKit.counts[g.GoodsID]} favourite={rowKit.favourites.ids.has(g.GoodsID)} />
            </li>
          ))}
        </ul>
      )}
      <div style={{ position: 'sticky', bottom: 0 }}>
        <CartBar />
      </div>
      {chooser && <GoodsChooser goods={chooser} onClose={() => setChooser(null)} />}
      {details.shown && !chooser && <GoodsChooser key={details.shown.GoodsID} goods={details.shown} details onClose={details.close} />}
    </section>
  );
}
