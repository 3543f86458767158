/**
 * goodsList (SPEC section 2, 'order food, no page scroll'): a category rail
 * and the goods, windowed so a menu of thousands stays smooth; pictures from
 * the enterprise's object storage, resized and lazy; sold out, promotion
 * prices, and a count per goods of what is already in the cart.
 */
import { memo, useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useHref, useNavigate } from 'react-router-dom';
import { isPlainClick } from '../../ui/links';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { defineMessages } from '../../i18n/defineMessages';
import { errors } from '../../i18n/specMessages';
import { ossUrl, useMoney } from '../../ui/money';
import { VirtualList, type VirtualListHandle } from '../../ui/VirtualList';
import { cartAdd, selectGoodsCount, CartBar } from '../cart';
import { OrderingGuard, selectBaseInfo, selectEntity, selectShopParams, selectShopStatus } from '../../session';
import { unitPrice } from '../../../shared/domain/pricing';
import { LiveUpdates } from '../live';
import { cartGoodsDetails, menuApi, type Goods, type GoodsClass } from './menuApi';
import { useOfferedClasses } from './classesOffered';
import { GoodsChooser } from './GoodsChooser';
import { RowFonts } from './RowFonts';
import { useMenuGoods } from './menuGoods';
import { detailsLink, useGoodsDetails } from './goodsDetails';
import { PaymentResumeNotice } from '../payments';
import { DietBar, DietIcons, useDietFiltered, type Marked } from '../allergens';
import { SuggestAfterAdd } from '../suggestions';
import { useOnline } from '../../app/online';
import { OfflineNote } from '../../ui/OfflineNote';
import { FavouriteButton, favouriteMessages, useFavourites, withFavourites, type Favourites } from '../favourites';

const messages = defineMessages({
  service: { id: 'outlet.serviceNote', defaultMessage: 'Dine-in prices + {percent} service charge' },
  categories: { id: 'menu.categories', defaultMessage: 'Categories' },
  goods: { id: 'menu.goods', defaultMessage: 'Menu' },
  add: { id: 'menu.add', defaultMessage: 'Add {name}' },
  choose: { id: 'menu.choose', defaultMessage: 'Choose options for {name}' },
  inCart: { id: 'menu.inCart', defaultMessage: '{count} in cart' },
  was: { id: 'menu.was', defaultMessage: 'was {price}' },
  loading: { id: 'menu.loading', defaultMessage: 'Loading the menu…' },
  empty: { id: 'menu.empty', defaultMessage: 'There is nothing on the menu yet.' },
  noShop: { id: 'menu.noShop', defaultMessage: 'Scan the QR code on your table to see the menu.' },
});

export const HEADER_ROW = 40;
export const GOODS_ROW = 104;
export const SOLD_OUT_POLL_MS = 30_000;
/** The menu's first frame of goods: a class's heading and three goods (the rest of the view a frame later). */
export const FIRST_FRAME_PX = HEADER_ROW + 3 * GOODS_ROW;

const NO_GOODS: readonly Goods[] = [];

type Row = { kind: 'class'; cls: GoodsClass } | { kind: 'goods'; goods: Goods };

export function needsChooser(g: Goods): boolean {
  return g.skuType > 0 || g.punitCount > 0 || g.hasBom || g.hasCharging || g.type === 3 || g.type === 6 || g.type === 7;
}

/** Rows in class order: each class's header, then its goods (those loaded so far). */
export function menuRows(classes: readonly GoodsClass[], goods: readonly Goods[]): { rows: Row[]; classStart: Map<string, number> } {
  const byClass = new Map<string, Goods[]>();
  for (const g of goods) {
    const list = byClass.get(g.ClassID);
    if (list) list.push(g);
    else byClass.set(g.ClassID, [g]);
  }
  const rows: Row[] = [];
  const classStart = new Map<string, number>();
  for (const cls of classes) {
    const list = byClass.get(cls.ClassID);
    if (!list || list.length === 0) continue;
    classStart.set(cls.ClassID, rows.length);
    rows.push({ kind: 'class', cls });
    for (const g of list) rows.push({ kind: 'goods', goods: g });
  }
  return { rows, classStart };
}

/** The classes the rail lists: those the classes' answer counts goods in, and any a loaded goods names. */
function classesWithGoods(classes: readonly GoodsClass[], goods: readonly Goods[]): Set<string> {
  const ids = new Set<string>();
  for (const c of classes) if (c.goodsCount > 0) ids.add(c.ClassID);
  for (const g of goods) ids.add(g.ClassID);
  return ids;
}

export default function GoodsListPage() {
  return (
    <>
      <OrderingGuard />
      <Menu />
    </>
  );
}

function Menu() {
  const shop = useAppSelector(selectShopParams);
  const shopStatus = useAppSelector(selectShopStatus);
  const intl = useIntl();
  const ids = { ShopID: shop.ShopID, BaseID: shop.BaseID };
  // Only the classes offered in the way the customer orders (issue 23: no takeaway extras at a table).
  const classes = useOfferedClasses(shop.ShopID, shop.BaseID);
  // Issue 14: the first page of goods (a first screen's rows) first, the rest of the menu after it.
  const goods = useMenuGoods(ids);
  // The sold-out answer as it is kept; MenuLive asks for it (once the first goods are painted).
  const soldOut = menuApi.endpoints.soldOut.useQueryState(ids, { skip: !shop.ShopID });
  const [chooser, setChooser] = useState<Goods | null>(null);
  const [activeClass, setActiveClass] = useState('');
  const list = useRef<VirtualListHandle>(null);

  // The same list when the sold-out answer changes none of the goods in (it comes with the first page: the
  // rows are not drawn a second time for it).
  const liveGoods = useMemo(() => {
    const all = goods.goods ?? NO_GOODS;
    const out = new Set(soldOut.data?.goods ?? []);
    if (out.size === 0 || !all.some((g) => out.has(g.GoodsID) && !g.soldOut)) return all;
    return all.map((g) => (out.has(g.GoodsID) && !g.soldOut ? { ...g, soldOut: true } : g));
  }, [goods.goods, soldOut.data]);
  // Issue 29: the allergen and diet filter leaves out what it hides, and marks what does not say;
  // the member's favourites (of what the filter leaves) as a class at the top of the menu.
  const diet = useDietFiltered(liveGoods);
  const rowKit = useRowKit(setChooser);
  const favouriteIds = rowKit.favourites.list;
  const favouritesName = intl.formatMessage(favouriteMessages.title);
  const menu = useMemo(() => withFavourites(classes.data ?? [], diet.goods, favouriteIds, favouritesName), [classes.data, diet.goods, favouriteIds, favouritesName]);
  const { rows, classStart } = useMemo(() => menuRows(menu.classes, menu.goods), [menu]);
  const railClasses = useMemo(() => classesWithGoods(menu.classes, menu.goods), [menu]);
  // A category chosen before its goods are in is scrolled to once they are (or once the menu is complete).
  const [pendingClass, setPendingClass] = useState('');
  useEffect(() => {
    if (!pendingClass) return;
    const start = classStart.get(pendingClass);
    if (start === undefined && !goods.complete) return;
    list.current?.scrollToIndex(start ?? 0);
    setPendingClass('');
  }, [pendingClass, classStart, goods.complete]);
  const railList = useMemo(() => menu.classes.filter((c) => railClasses.has(c.ClassID)), [menu.classes, railClasses]);
  const classStartRef = useRef(classStart);
  classStartRef.current = classStart;
  const selectClass = useCallback((id: string) => {
    setActiveClass(id);
    const start = classStartRef.current.get(id);
    if (start !== undefined) list.current?.scrollToIndex(start);
    else setPendingClass(id);
  }, []);
  const heightOf = useCallback((i: number) => (rows[i]?.kind === 'class' ? HEADER_ROW : GOODS_ROW), [rows]);
  // Until the customer scrolls or picks one, the first class is the active one: the list's first report (its
  // top row, as its first goods are drawn) changes nothing, and does not draw the whole menu a second time
  // before that frame is painted (issue 24: 15 ms at 4x CPU in the span to the first goods).
  const firstRow = rows[0];
  const shownClass = activeClass || (firstRow?.kind === 'class' ? firstRow.cls.ClassID : '');
  const shownClassRef = useRef(shownClass);
  shownClassRef.current = shownClass;
  const handleFirstVisible = useCallback(
    (i: number) => {
      for (let k = i; k >= 0; k -= 1) {
        const row = rows[k];
        if (row?.kind === 'class') {
          if (row.cls.ClassID !== shownClassRef.current) setActiveClass(row.cls.ClassID);
          return;
        }
      }
    },
    [rows],
  );
  const closeChooser = useCallback(() => setChooser(null), []);
  const acceptSuggestion = rowKit.kit.add;
  const details = useGoodsDetails(liveGoods);

  if (!shop.ShopID && shopStatus === 'entering') {
    return (
      <p role="status" className="empty">
        <FormattedMessage {...messages.loading} />
      </p>
    );
  }
  if (!shop.ShopID) {
    return (
      <p className="empty">
        <FormattedMessage {...messages.noShop} />
      </p>
    );
  }
  // The page's frame (the rail, the notes, the cart bar) as soon as the classes are in (app/afterIdle.ts asks
  // for them before the menu opens): when the first goods come, only their rows are drawn (issue 24).
  if (classes.isLoading) {
    return (
      <p role="status" className="empty">
        <FormattedMessage {...messages.loading} />
      </p>
    );
  }
  return (
    // The page's body lays the menu out in a row; with the service note above it, the two go in a column.
    <div style={{ flex: 1, minWidth: 0, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
      <ServiceNoteOnce />
      <div className="menu">
        <MenuLive ShopID={shop.ShopID} BaseID={shop.BaseID} goodsIn={!goods.isLoading} />
        <RowFonts />
        <MenuRail classes={railList} active={shownClass} onSelect={selectClass} filter={diet.filter} hidden={diet.hidden} label={intl.formatMessage(messages.categories)} />
        {rows.length === 0 && goods.complete && !goods.isLoading ? (
          <p className="empty">
            <FormattedMessage {...messages.empty} />
          </p>
        ) : (
          // Mounted (laid out, measured) while the first goods are on their way: when they come, only their rows
          // are drawn (issue 24).
          <VirtualList
            ref={list}
            className="menu-list"
            label={intl.formatMessage(messages.goods)}
            count={goods.isLoading ? 0 : rows.length}
            heightOf={heightOf}
            firstFramePx={FIRST_FRAME_PX}
            onFirstVisible={handleFirstVisible}
            renderRow={(i, firstFrame) => <MenuRow row={rows[i]!} kit={rowKit.kit} counts={rowKit.counts} favourites={rowKit.favourites.ids} marked={diet.verdicts} picture={!firstFrame} />}
            placeholder={
              <p role="status" className="empty">
                <FormattedMessage {...messages.loading} />
              </p>
            }
          />
        )}
        {/* Offline (issue 29 section 5): the kept menu, ordering off; the cart bar; a payment to resume. */}
        <Notes />
        <SuggestAfterAdd menu={diet.goods} onAccept={acceptSuggestion} />
        {chooser && <GoodsChooser goods={chooser} onClose={closeChooser} />}
        {details.shown && !chooser && <GoodsChooser key={details.shown.GoodsID} goods={details.shown} details onClose={details.close} />}
      </div>
    </div>
  );
}

/** The category rail: drawn again only when its classes, the active one or the diet filter change (not with every page of goods). */
const MenuRail = memo(function MenuRail({
  classes,
  active,
  onSelect,
  filter,
  hidden,
  label,
}: {
  classes: readonly GoodsClass[];
  active: string;
  onSelect: (classId: string) => void;
  filter: Parameters<typeof DietBar>[0]['filter'];
  hidden: Parameters<typeof DietBar>[0]['hidden'];
  label: string;
}) {
  return (
    <nav className="menu-rail" aria-label={label}>
      <DietBar filter={filter} hidden={hidden} />
      {classes.map((c) => (
        <button
          key={c.ClassID}
          type="button"
          className={`rail-item${active === c.ClassID ? ' active' : ''}`}
          aria-current={active === c.ClassID ? 'true' : undefined}
          onClick={() => onSelect(c.ClassID)}
        >
          {c.name}
        </button>
      ))}
    </nav>
  );
});

// The page's parts that do not depend on its goods, drawn once, not again with every page of goods (issue 24).
const Notes = memo(function Notes() {
  return (
    <>
      <OfflineNote />
      <CartBar />
      <PaymentResumeNotice />
    </>
  );
});

/** At most this long after the menu's frame, its live parts start even if the first goods have not come. */
export const QUIET_START_MS = 2_000;

/**
 * The menu's live parts: the sold-out poll and the live stream (issue 24). They start once the first goods
 * are painted (or QUIET_START_MS after the menu's frame): started with the page, their answers (the sold-out
 * list, the stream's opening) came in the same moments as the first goods and were handled before them, at a
 * phone's speed. The rows carry their own sold-out marks from the goods' answer meanwhile, and the stream says
 * what changed from then on. Started in a task after the frame with the goods, and in this component (the
 * menu reads the sold-out answer without asking), so starting them does not draw the menu again.
 */
const MenuLive = memo(function MenuLive({ ShopID, BaseID, goodsIn }: { ShopID: string; BaseID: string; goodsIn: boolean }) {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    if (started) return;
    const start = () => setStarted(true);
    let timer = 0;
    const frame = goodsIn ? requestAnimationFrame(() => (timer = window.setTimeout(start, 0))) : 0;
    const latest = window.setTimeout(start, QUIET_START_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      clearTimeout(latest);
    };
  }, [goodsIn, started]);
  menuApi.useSoldOutQuery({ ShopID, BaseID }, { skip: !started || !ShopID, pollingInterval: SOLD_OUT_POLL_MS });
  return started ? <LiveUpdates /> : null;
});
const ServiceNoteOnce = memo(ServiceNote);

function MenuRow({
  row,
  kit,
  counts,
  favourites,
  marked,
  picture,
}: {
  row: Row;
  kit: RowKit;
  counts: Record<string, number>;
  favourites: ReadonlySet<string>;
  marked?: ReadonlyMap<string, Marked>;
  picture: boolean;
}) {
  if (row.kind === 'class') return <ClassHeader cls={row.cls} />;
  const id = row.goods.GoodsID;
  return <GoodsRow goods={row.goods} kit={kit} count={counts[id]} favourite={favourites.has(id)} marked={marked?.get(id)} picture={picture} />;
}

/** A goods without options as one cart line (its row's add, and an accepted suggestion's). */
export function plainLine(goods: Goods, shop: { ShopID: string; BaseID: string }, formats: ReturnType<typeof useMoney>['formats']) {
  return {
    goodsDetails: cartGoodsDetails(goods, shop),
    list: [
      {
        SkuID: '',
        PUnit: '',
        PUnitPrice: '0',
        Price: unitPrice({ salesPrice: goods.salesPrice, promotePrice: goods.promotePrice }, formats),
        Ref: '1',
        isPack: false,
        mQua: 1,
        pQua: 0,
      },
    ],
  };
}

// The rows in view render again only when their own goods change, not when a later page of the menu arrives.
const ClassHeader = memo(function ClassHeader({ cls }: { cls: GoodsClass }) {
  return <h2 className="menu-class">{cls.name}</h2>;
});

/** Issue 28: an outlet that charges service says so above its menu ("prices + 10% service"). */
export function ServiceNote() {
  const intl = useIntl();
  const bp = useAppSelector(selectBaseInfo)?.ServiceChargeBp ?? 0;
  if (!(bp > 0)) return null;
  const percent = intl.formatNumber(bp / 10_000, { style: 'percent', maximumFractionDigits: 2 });
  return (
    <p className="note menu-service-note" style={{ margin: 0, borderRadius: 0, textAlign: 'center' }}>
      <FormattedMessage {...messages.service} values={{ percent }} />
    </p>
  );
}

/**
 * What every goods row of a page shares, made once by the page: the rows of a menu (dozens at
 * once) each had six store subscriptions, the money formats and a heart's query, most of the
 * menu's first render at a phone's speed (issue 24).
 */
export interface RowKit {
  domain: string;
  money: ReturnType<typeof useMoney>;
  online: boolean;
  /** The row's +: a goods with options opens its chooser, one without goes into the cart. */
  add: (g: Goods) => void;
  /** The address of a goods' details on this page (goodsDetails.ts detailsLink). */
  detailsHref: (goodsId: string) => string;
  /** A plain click on a goods' name opens its details in the app (as react-router's Link does). */
  openDetails: (event: MouseEvent<HTMLAnchorElement>, goodsId: string) => void;
  favourite: Favourites['toggle'];
}

export function useRowKit(onChoose: (g: Goods) => void): { kit: RowKit; counts: Record<string, number>; favourites: Favourites } {
  const dispatch = useAppDispatch();
  const entity = useAppSelector(selectEntity);
  const shop = useAppSelector(selectShopParams);
  const counts = useAppSelector(selectGoodsCount);
  const money = useMoney();
  const online = useOnline();
  const favourites = useFavourites();
  const domain = entity?.OssCustomerDomain ?? '/oss/';
  const add = useCallback(
    (g: Goods) => (needsChooser(g) ? onChoose(g) : dispatch(cartAdd(plainLine(g, shop, money.formats)))),
    [onChoose, dispatch, shop, money.formats],
  );
  // One address and one click handler for every row's details link: a link's router hooks in each of the
  // rows were a tenth of the menu's first goods at a phone's speed (issue 24).
  const here = useHref({ search: '' });
  const navigate = useNavigate();
  const detailsHref = useCallback((goodsId: string) => `${here}${detailsLink(goodsId).to.search}`, [here]);
  const openDetails = useCallback(
    (event: MouseEvent<HTMLAnchorElement>, goodsId: string) => {
      if (!isPlainClick(event)) return;
      event.preventDefault();
      const { to, state } = detailsLink(goodsId);
      void navigate(to, { state });
    },
    [navigate],
  );
  const kit = useMemo(
    () => ({ domain, money, online, add, favourite: favourites.toggle, detailsHref, openDetails }),
    [domain, money, online, add, favourites.toggle, detailsHref, openDetails],
  );
  return { kit, counts, favourites };
}

export const GoodsRow = memo(function GoodsRow({
  goods,
  kit,
  count = 0,
  favourite = false,
  marked,
  picture = true,
}: {
  goods: Goods;
  kit: RowKit;
  count?: number;
  favourite?: boolean;
  marked?: Marked;
  /**
   * Without it, the picture's place is kept, empty: the menu's first frame of goods draws their names and
   * prices, and their pictures come with the next frame (issue 24: the pictures' requests, started by the
   * lazy loading in the frame's own task, were 7-19 ms of it at 4x CPU).
   */
  picture?: boolean;
}) {
  const intl = useIntl();
  const { money, online } = kit;
  const name = goods.name;
  const promoted = goods.promotePrice !== null && Number(goods.promotePrice) < Number(goods.salesPrice);

  return (
    <>
    <article className={`goods${goods.soldOut ? ' sold-out' : ''}`} aria-label={name}>
      {picture ? (
        <img src={ossUrl(kit.domain, goods.pic, 160, 160)} alt={name} width={80} height={80} loading="lazy" decoding="async" />
      ) : (
        <span className="goods-picture-due" />
      )}
      <div className="goods-text">
        <h3>
          {/* The dish's details (issue 23 item 19); the link covers the row's picture and text too (CSS). */}
          <a className="goods-open" href={kit.detailsHref(goods.GoodsID)} onClick={(e) => kit.openDetails(e, goods.GoodsID)}>
            {name}
          </a>
        </h3>
        {goods.GoodsCode && <span className="goods-code">#{goods.GoodsCode}</span>}
        <DietIcons code={goods.diet} marked={marked} />
        <p className="goods-price">
          <strong>{money.price(promoted ? goods.promotePrice! : goods.salesPrice)}</strong>
          {promoted && <s aria-label={intl.formatMessage(messages.was, { price: money.price(goods.salesPrice) })}>{money.price(goods.salesPrice)}</s>}
        </p>
      </div>
      <div className="goods-action">
        {count > 0 && (
          <span className="badge" aria-label={intl.formatMessage(messages.inCart, { count })}>
            {count}
          </span>
        )}
        {goods.soldOut ? (
          <span className="tag">
            <FormattedMessage {...errors.soldOut} />
          </span>
        ) : (
          <button
            type="button"
            className="add-button"
            aria-label={intl.formatMessage(needsChooser(goods) ? messages.choose : messages.add, { name })}
            disabled={!online}
            onClick={() => kit.add(goods)}
          >
            +
          </button>
        )}
      </div>
    </article>
    {/* Issue 29: the heart, beside the goods' card (over its picture), not one more button inside it. */}
    <FavouriteButton goodsId={goods.GoodsID} name={name} on={favourite} onToggle={kit.favourite} />
    </>
  );
});
