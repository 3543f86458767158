/**
 * An entry that leads nowhere (issue 23: no dead end): no code, a code the
 * service does not know, or a service out of reach. It says why, asks for a
 * scan again, and offers the ways on there are: the outlets of the shop
 * already open in this app (or a district's restaurants), else the restaurant
 * last visited, and the tab bar (the customer's orders, their account).
 */
import { FormattedMessage } from 'react-intl';
import { Link } from '../../ui/links';
import { useAppSelector } from '../../app/hooks';
import { pathOf } from '../../app/paths';
import { TabBar } from '../../app/TabBar';
import { selectHideTabBar } from '../../app/uiSlice';
import { defineMessages } from '../../i18n/defineMessages';
import { selectShopInfo } from '../../session';
import { codeToResolve } from './entryParams';
import { rememberedEntry } from './entryStorage';

const messages = defineMessages({
  noCode: { id: 'entry.noCode', defaultMessage: 'Scan the QR code on your table to order.' },
  invalidQr: { id: 'entry.invalidQr', defaultMessage: 'Invalid QR Code' },
  retry: { id: 'entry.retry', defaultMessage: 'Try again' },
  scanAgain: { id: 'entryHelp.scanAgain', defaultMessage: 'Scan the QR code on your table again, or ask our staff for help.' },
  chooseOutlet: { id: 'entryHelp.chooseOutlet', defaultMessage: 'Choose an outlet of {shop}' },
  chooseRestaurant: { id: 'entryHelp.chooseRestaurant', defaultMessage: 'Choose a restaurant' },
  lastShop: { id: 'entryHelp.lastShop', defaultMessage: 'Back to the restaurant you last visited' },
});

function WaysOn({ failedCode }: { failedCode: string }) {
  const shop = useAppSelector(selectShopInfo);
  if (shop) {
    return shop.PosType === '5' ? (
      <Link className="btn btn-block" to={pathOf('shopSelect')}>
        <FormattedMessage {...messages.chooseRestaurant} />
      </Link>
    ) : (
      <Link className="btn btn-block" to={pathOf('baseSelect')}>
        <FormattedMessage {...messages.chooseOutlet} values={{ shop: shop.ShopName }} />
      </Link>
    );
  }
  const last = rememberedEntry();
  const lastCode = last && codeToResolve(last);
  if (!last || !lastCode || lastCode.value === failedCode) return null;
  const query = new URLSearchParams({ [lastCode.field]: lastCode.value });
  if (last.SheetID) query.set('SheetID', last.SheetID);
  return (
    <Link className="btn btn-block" to={`${pathOf('scanCodeEntry')}?${query.toString()}`} replace>
      <FormattedMessage {...messages.lastShop} />
    </Link>
  );
}

function Problem({
  problem,
  message,
  failedCode,
  onRetry,
}: {
  /** noCode: the link carries none; refused: the service said why (message); unreachable: no answer. */
  problem: 'noCode' | 'refused' | 'unreachable';
  message: string | null;
  failedCode: string;
  onRetry: () => void;
}) {
  if (problem === 'noCode') {
    return (
      <section className="entry">
        <p>
          <FormattedMessage {...messages.noCode} />
        </p>
        <div className="stack">
          <WaysOn failedCode="" />
        </div>
      </section>
    );
  }
  return (
    <section className="entry">
      <p role="alert" className="entry-problem">
        {message ?? <FormattedMessage {...messages.invalidQr} />}
      </p>
      <p>
        <FormattedMessage {...messages.scanAgain} />
      </p>
      <div className="stack">
        {problem === 'unreachable' && (
          <button type="button" className="btn btn-primary btn-block" onClick={onRetry}>
            <FormattedMessage {...messages.retry} />
          </button>
        )}
        <WaysOn failedCode={failedCode} />
      </div>
    </section>
  );
}

/** The page, over the tab bar (unless the link hid it). */
export default function EntryProblem(props: Parameters<typeof Problem>[0]) {
  const hideTabBar = useAppSelector(selectHideTabBar);
  return (
    <>
      <Problem {...props} />
      {!hideTabBar && <TabBar />}
    </>
  );
}
