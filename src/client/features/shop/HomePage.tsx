/** Home tab: the shop's header and the way into the menu. */
import { defineMessages } from '../../i18n/defineMessages';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { pathOf } from '../../app/routes';
import { selectLocale } from '../../app/uiSlice';
import { localName } from '../../ui/localName';
import { selectBaseInfo, selectShopInfo, selectTableInfo } from './shopSlice';

const messages = defineMessages({
  table: { id: 'home.table', defaultMessage: 'Table {table}' },
  orderNow: { id: 'home.orderNow', defaultMessage: 'Order now' },
  noShop: { id: 'home.noShop', defaultMessage: 'Scan the QR code on your table to see the menu.' },
});

export default function HomePage() {
  const locale = useAppSelector(selectLocale);
  const shop = useAppSelector(selectShopInfo);
  const base = useAppSelector(selectBaseInfo);
  const table = useAppSelector(selectTableInfo);
  if (!shop) {
    return (
      <section className="home">
        <p>
          <FormattedMessage {...messages.noShop} />
        </p>
      </section>
    );
  }
  return (
    <section className="home">
      <header className="shop-header">
        <h1>{localName(shop.ShopName, locale)}</h1>
        {base && <p className="base-name">{localName(base.BaseName, locale)}</p>}
        {table && (
          <p className="table-name">
            <FormattedMessage {...messages.table} values={{ table: table.TableName }} />
          </p>
        )}
      </header>
      <Link className="btn btn-primary btn-block" to={pathOf('goodsList')}>
        <FormattedMessage {...messages.orderNow} />
      </Link>
    </section>
  );
}
