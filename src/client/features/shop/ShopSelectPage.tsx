/** shopSelect: the restaurants of a business district (external shops, PosType 2 and 7). */
import { FormattedMessage } from 'react-intl';
import { Link } from '../../ui/links';
import { useAppSelector } from '../../app/hooks';
import { defineMessages } from '../../i18n/defineMessages';
import { ossUrl } from '../../ui/money';
import { outletsApi } from './outletsApi';
import { selectEntity, selectShopInfo } from '../../session';

const messages = defineMessages({
  notDistrict: { id: 'shopSelect.notDistrict', defaultMessage: 'This shop has no other restaurants to choose from.' },
  none: { id: 'shopSelect.none', defaultMessage: 'No restaurants are open here yet.' },
});

export default function ShopSelectPage() {
  const shop = useAppSelector(selectShopInfo);
  const entity = useAppSelector(selectEntity);
  const isDistrict = shop?.PosType === '5';
  const shops = outletsApi.useDistrictShopsQuery({ ShopID: shop?.ShopID ?? '' }, { skip: !isDistrict });
  if (!isDistrict) {
    return (
      <p className="empty">
        <FormattedMessage {...messages.notDistrict} />
      </p>
    );
  }
  return (
    <section className="shops">
      {shops.data && shops.data.length === 0 && (
        <p className="empty">
          <FormattedMessage {...messages.none} />
        </p>
      )}
      <ul className="link-list">
        {(shops.data ?? []).map((s) => {
          const outlet = s.outlets[0];
          const name = s.name;
          return (
            <li key={s.ShopID}>
              <Link to={outlet ? `/?BaseID=${encodeURIComponent(outlet.BaseID)}` : `/?ShopID=${encodeURIComponent(s.ShopID)}`}>
                {s.logo && <img src={ossUrl(entity?.OssCustomerDomain ?? '/oss/', s.logo, 96, 96)} alt="" width={40} height={40} style={{ marginRight: 12, borderRadius: 8 }} />}
                <span>{name}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
