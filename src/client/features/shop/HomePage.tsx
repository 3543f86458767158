/** Home tab: the shop's header, the dining mode, featured goods and the ways into the menu. */
import { lazy, Suspense, useLayoutEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../ui/links';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useGo } from '../../app/navigation';
import { pathOf } from '../../app/paths';
import { defineMessages } from '../../i18n/defineMessages';
import { useConfirm } from '../../ui/ConfirmDialog';
import { ossUrl, useMoney } from '../../ui/money';
import { takeOverFirstScreen } from '../../boot/firstScreen';
import { loadLaterMessages } from '../../i18n/laterMessages';
import { modesOffered } from '../../../shared/domain/businessMode';
import { currentPrice } from '../../../shared/domain/pricing';
import { businessModeChanged, selectBusinessMode, selectCartSummary } from '../cart';
import { menuApi } from '../menu';
// The payment-resume notice is shown only while a provider payment is open: its code loads then, not with every home page.
import { inflightPayment, LaterPaymentResumeNotice as PaymentResumeNotice } from '../payments';
import { HOME_PICTURES_ABOVE_FOLD } from './homePictures';
import { DEFAULT_SHOP_ZONE } from '../../../shared/domain/openingHours';
import {
  guardFor,
  useServiceNow,
  selectBaseInfo,
  selectClockOffsetMs,
  selectEntity,
  selectShopInfo,
  selectShopStatus,
  selectTableInfo,
} from '../../session';
import { HOURS_CLOCK_MS, HoursLineText } from './HoursLineText';

// Shown only when the outlet is closed now (with the enterprise's open outlets): its code and words load then.
const ClosedNotice = lazy(() =>
  Promise.all([import(/* webpackChunkName: "closed-notice" */ './ClosedNotice'), loadLaterMessages()]).then(([m]) => m),
);

const messages = defineMessages({
  table: { id: 'home.table', defaultMessage: 'Table {table}' },
  orderNow: { id: 'home.orderNow', defaultMessage: 'Order now' },
  noShop: { id: 'home.noShop', defaultMessage: 'Scan the QR code on your table to see the menu.' },
  mode: { id: 'home.mode', defaultMessage: 'How would you like your order?' },
  dineIn: { id: 'home.dineIn', defaultMessage: 'Dine in' },
  takeout: { id: 'home.takeout', defaultMessage: 'Pickup or delivery' },
  switchEmpties: { id: 'home.switchEmpties', defaultMessage: 'Changing how you order empties the cart. Continue?' },
  featured: { id: 'home.featured', defaultMessage: 'Recommended' },
  byNumber: { id: 'home.byNumber', defaultMessage: 'Order by item number' },
  otherShops: { id: 'home.otherShops', defaultMessage: 'Other restaurants here' },
  outlets: { id: 'home.outlets', defaultMessage: 'Other outlets' },
});

export default function HomePage() {
  const shop = useAppSelector(selectShopInfo);
  const status = useAppSelector(selectShopStatus);
  const base = useAppSelector(selectBaseInfo);
  const table = useAppSelector(selectTableInfo);
  const entity = useAppSelector(selectEntity);
  const mode = useAppSelector(selectBusinessMode);
  const summary = useAppSelector(selectCartSummary);
  const dispatch = useAppDispatch();
  const confirm = useConfirm();
  const intl = useIntl();
  const money = useMoney();
  // The outlet's own zone, else its enterprise's (issue 27).
  const zone = base?.TimeZone || entity?.TimeZone || DEFAULT_SHOP_ZONE;
  const now = useServiceNow(useAppSelector(selectClockOffsetMs), HOURS_CLOCK_MS);
  // Closed now (by its hours: a table's sheet is orderEntry's business): said here, before any tap (issue 23).
  const closed = !guardFor(base, null, zone, now).ok;
  const featured = menuApi.useHomeGoodsQuery({ ShopID: shop?.ShopID ?? '' }, { skip: !shop });
  // Drawn in full (or known to have nothing to draw): the head's drawing of this page goes before the paint.
  const settled = shop ? !featured.isLoading : status !== 'entering';
  const go = useGo();
  useLayoutEffect(() => {
    if (!settled) return;
    // A tap on the drawing's ways in before the app had started is answered now (issue 24).
    const tapped = takeOverFirstScreen();
    if (tapped && !(closed && (tapped === 'goodsList' || tapped === 'search'))) go(pathOf(tapped));
    // Once, when the page is drawn in full: the tap was on that drawing.
  }, [settled]);
  if (!shop && status === 'entering') {
    return (
      <section className="home" role="status">
        <span className="spinner" aria-hidden="true" />
      </section>
    );
  }
  if (!shop) {
    return (
      <section className="home">
        <p>
          <FormattedMessage {...messages.noShop} />
        </p>
      </section>
    );
  }
  const offered = modesOffered(base?.BusinessMode ?? '0');
  const handleMode = async (next: string) => {
    if (next === mode) return;
    if (summary.lines > 0 && !(await confirm({ message: messages.switchEmpties }))) return;
    dispatch(businessModeChanged(next));
  };
  return (
    <section className="home">
      {inflightPayment() && (
        <Suspense fallback={null}>
          <PaymentResumeNotice />
        </Suspense>
      )}
      <header className="shop-header">
        <h1>{shop.ShopName}</h1>
        {base && <p className="base-name">{base.BaseName}</p>}
        {base && (
          <p className="base-hours">
            <HoursLineText base={base} zone={zone} now={now} />
          </p>
        )}
        {table && (
          <p className="table-name">
            <FormattedMessage {...messages.table} values={{ table: table.TableName }} />
          </p>
        )}
      </header>
      {closed && (
        <Suspense fallback={null}>
          <ClosedNotice />
        </Suspense>
      )}
      {!closed && offered.length > 1 && (
        <fieldset className="mode-switch choice-group">
          <legend>
            <FormattedMessage {...messages.mode} />
          </legend>
          {offered.map((m) => (
            <label key={m} className={`chip${mode === m ? ' chosen' : ''}`}>
              <input type="radio" name="business-mode" value={m} checked={mode === m} onChange={() => void handleMode(m)} />
              <FormattedMessage {...(m === '2' ? messages.dineIn : messages.takeout)} />
            </label>
          ))}
        </fieldset>
      )}
      {!closed && (
        <Link className="btn btn-primary btn-block" to={pathOf('goodsList')}>
          <FormattedMessage {...messages.orderNow} />
        </Link>
      )}
      <p className="home-links">
        {!closed && (
          <>
            <Link to={pathOf('search')}>
              <FormattedMessage {...messages.byNumber} />
            </Link>
            {' · '}
          </>
        )}
        <Link to={pathOf('baseSelect')}>
          <FormattedMessage {...messages.outlets} />
        </Link>
        {shop.PosType === '5' && (
          <>
            {' · '}
            <Link to={pathOf('shopSelect')}>
              <FormattedMessage {...messages.otherShops} />
            </Link>
          </>
        )}
      </p>
      {!closed && featured.data && featured.data.length > 0 && (
        <section aria-label={intl.formatMessage(messages.featured)}>
          <h2>
            <FormattedMessage {...messages.featured} />
          </h2>
          <ul className="home-goods">
            {featured.data.map((g, i) => (
              <li key={g.GoodsID}>
                <Link to={pathOf('goodsList')}>
                  <img src={ossUrl(entity?.OssCustomerDomain ?? '/oss/', g.pic, 320, 320)} alt={g.name}
                    // The first two rows are above the fold: asked for at once and first (the head preloaded them).
                    {...(i < HOME_PICTURES_ABOVE_FOLD ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
                    width={160}
                    height={160}
                  />
                  <span>{g.name}</span> <strong>{money.price(currentPrice(g.salesPrice, g.promotePrice))}</strong>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
