/** search: order by item number (the code printed on the paper menu). */
import { useMemo, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppSelector } from '../../app/hooks';
import { defineMessages } from '../../i18n/defineMessages';
import { CartBar } from '../cart';
import { useOrderingGuard, selectShopParams } from '../shop';
import { GoodsChooser } from './GoodsChooser';
import { GoodsRow } from './GoodsListPage';
import { type Goods } from './menuApi';
import { useMenuGoods } from './menuGoods';

const messages = defineMessages({
  label: { id: 'search.label', defaultMessage: 'Item number' },
  hint: { id: 'search.hint', defaultMessage: 'For example 101' },
  find: { id: 'search.find', defaultMessage: 'Find' },
  none: { id: 'search.none', defaultMessage: 'No item has the number {code}.' },
  results: { id: 'search.results', defaultMessage: 'Items found' },
});

/** Goods whose number matches: exactly first, then those starting with it. */
export function findByCode(goods: readonly Goods[], code: string): Goods[] {
  const q = code.trim().toUpperCase();
  if (!q) return [];
  const exact = goods.filter((g) => g.GoodsCode.toUpperCase() === q);
  const prefix = goods.filter((g) => g.GoodsCode.toUpperCase() !== q && g.GoodsCode.toUpperCase().startsWith(q));
  return [...exact, ...prefix].slice(0, 20);
}

export default function SearchPage() {
  useOrderingGuard();
  const intl = useIntl();
  const shop = useAppSelector(selectShopParams);
  const goods = useMenuGoods({ ShopID: shop.ShopID, BaseID: shop.BaseID });
  const [code, setCode] = useState('');
  const [submitted, setSubmitted] = useState('');
  const [chooser, setChooser] = useState<Goods | null>(null);
  const found = useMemo(() => findByCode(goods.goods ?? [], submitted), [goods.goods, submitted]);
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
            type="text"
            inputMode="numeric"
            autoComplete="off"
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
              <GoodsRow goods={g} onChoose={setChooser} />
            </li>
          ))}
        </ul>
      )}
      <div style={{ position: 'sticky', bottom: 0 }}>
        <CartBar />
      </div>
      {chooser && <GoodsChooser goods={chooser} onClose={() => setChooser(null)} />}
    </section>
  );
}
