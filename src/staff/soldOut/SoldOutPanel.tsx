/**
 * Mark goods, or one spec (sku) of a goods, sold out or back in stock. The
 * customers' open menus follow at once (the service pushes the mark); other
 * staff screens of the outlet too.
 */
import { useCallback, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { defineMessages } from '../../ui-kit/defineMessages';
import { localName } from '../../ui-kit/localName';
import { specWords } from '../../shared/domain/rounds';
import { StaffError, type StaffApi, type StaffGoods } from '../api';
import type { StaffLocale } from '../i18n/locale';
import { openStaffStream } from '../stream';

const m = defineMessages({
  title: { id: 'staff.soldOut.title', defaultMessage: 'Sold out' },
  search: { id: 'staff.soldOut.search', defaultMessage: 'Find goods by name or number' },
  loading: { id: 'staff.soldOut.loading', defaultMessage: 'Loading the goods…' },
  failed: { id: 'staff.soldOut.failed', defaultMessage: 'The goods could not be loaded or changed.' },
  none: { id: 'staff.soldOut.none', defaultMessage: 'No goods match.' },
  more: { id: 'staff.soldOut.more', defaultMessage: '{count, plural, one {# more: narrow the search} other {# more: narrow the search}}' },
  markGoods: { id: 'staff.soldOut.markGoods', defaultMessage: 'Sold out: {name}' },
  markSku: { id: 'staff.soldOut.markSku', defaultMessage: 'Sold out: {name} {spec}' },
  isSoldOut: { id: 'staff.soldOut.isSoldOut', defaultMessage: 'Sold out' },
  inStock: { id: 'staff.soldOut.inStock', defaultMessage: 'In stock' },
});

const SHOWN = 40;

export function SoldOutPanel({ api, token, baseId, locale }: { api: StaffApi; token: string; baseId: string; locale: StaffLocale }) {
  const intl = useIntl();
  const [goods, setGoods] = useState<StaffGoods[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [query, setQuery] = useState('');

  const load = useCallback(async () => {
    try {
      setGoods(await api.goods(baseId));
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [api, baseId]);

  useEffect(() => {
    void load();
    // Another screen's marks show here too.
    return openStaffStream(token, baseId, {
      onEvent: (e) => {
        if (e.kind === 'menu') void load();
      },
      onOpen: () => undefined,
      onReload: () => void load(),
      onDown: () => undefined,
    });
  }, [baseId, load, token]);

  const nameOf = (g: StaffGoods) => localName({ zh: g.name, tw: g.nameTw, en: g.nameEn }, locale);
  /** A spec by its values' names in the screen's language ('Regular / Hot'), as the service answers them. */
  const specOf = (k: StaffGoods['skus'][number]) => (k.spec?.length ? k.spec.join(' / ') : specWords(k.skuItems).join(' / '));
  /** Shows the mark at once, then asks the service and reads the goods again (its answer wins). */
  const toggle = async (change: () => Promise<unknown>, shown: (list: StaffGoods[]) => StaffGoods[]) => {
    setGoods((list) => (list ? shown(list) : list));
    let refused = false;
    try {
      await change();
    } catch (err) {
      if (!(err instanceof StaffError)) throw err;
      refused = true;
    }
    await load();
    // Said after the read again, which clears a failed read's notice: the refused mark stays said.
    if (refused) setFailed(true);
  };

  if (!goods) {
    return failed ? (
      <p role="alert">
        <FormattedMessage {...m.failed} />
      </p>
    ) : (
      <p role="status">
        <FormattedMessage {...m.loading} />
      </p>
    );
  }
  const q = query.trim().toLowerCase();
  const matching = goods.filter((g) => !q || [g.code, g.name, g.nameTw, g.nameEn].some((t) => t.toLowerCase().includes(q)));
  return (
    <section className="sold-out" aria-labelledby="sold-out-title">
      <h2 id="sold-out-title">
        <FormattedMessage {...m.title} />
      </h2>
      <label className="search">
        <span>
          <FormattedMessage {...m.search} />
        </span>
        <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
      </label>
      {failed && (
        <p role="alert" className="error">
          <FormattedMessage {...m.failed} />
        </p>
      )}
      {matching.length === 0 && (
        <p className="muted">
          <FormattedMessage {...m.none} />
        </p>
      )}
      <ul className="goods-marks">
        {matching.slice(0, SHOWN).map((g) => (
          <li key={g.goodsId} className={g.soldOut ? 'is-sold-out' : ''}>
            <label className="mark">
              <input
                type="checkbox"
                checked={g.soldOut}
                aria-label={intl.formatMessage(m.markGoods, { name: nameOf(g) })}
                onChange={(e) => {
                  const soldOut = e.target.checked;
                  void toggle(
                    () => api.goodsSoldOut(g.goodsId, soldOut),
                    (list) => list.map((x) => (x.goodsId === g.goodsId ? { ...x, soldOut } : x)),
                  );
                }}
              />
              <span className="code">{g.code}</span> {nameOf(g)}
              <span className="state">
                <FormattedMessage {...(g.soldOut ? m.isSoldOut : m.inStock)} />
              </span>
            </label>
            {g.skus.length > 1 && (
              <ul className="sku-marks">
                {g.skus.map((k) => (
                  <li key={k.skuId}>
                    <label className="mark">
                      <input
                        type="checkbox"
                        checked={k.soldOut}
                        aria-label={intl.formatMessage(m.markSku, { name: nameOf(g), spec: specOf(k) })}
                        onChange={(e) => {
                          const soldOut = e.target.checked;
                          void toggle(
                            () => api.skuSoldOut(k.skuId, soldOut),
                            (list) =>
                              list.map((x) => (x.goodsId === g.goodsId ? { ...x, skus: x.skus.map((y) => (y.skuId === k.skuId ? { ...y, soldOut } : y)) } : x)),
                          );
                        }}
                      />
                      {specOf(k)}
                    </label>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
      {matching.length > SHOWN && (
        <p className="muted">
          <FormattedMessage {...m.more} values={{ count: matching.length - SHOWN }} />
        </p>
      )}
    </section>
  );
}
