/**
 * Issue 14, the first paint: on a table link the page's head draws the home
 * page's first screen (the shop's header, the ways into the menu and the
 * recommended goods with their pictures, names and prices) from the answers
 * of its head start, before the app's JavaScript has arrived. On a phone on a
 * slow network that JavaScript takes longer to come than the shop's data and
 * pictures: the customer sees the menu's first pictures while it downloads.
 *
 * The drawing copies the DOM and the classes of features/shop/HomePage.tsx,
 * so the page's stylesheet lays both out alike (features/shop/
 * firstPaint.test.tsx renders the two from the same answers and compares
 * them; e2e/head-start.spec.ts their boxes in Chromium). It is a picture, not a
 * page: hidden from assistive technology and fixed over the app, which takes
 * it away (boot/firstScreen.ts) as soon as it has drawn the same screen
 * itself, or any other. Its ways in (the button, the links, the goods) are
 * links to the app's pages that keep a tap instead of following it (issue 24):
 * the app is not there yet, and the table's code must stay in the address for
 * it to enter the shop; the home page answers the kept tap once it has taken
 * over (HomePage). Everything else is transparent to taps. It reads the answers and
 * works out prices, modes, picture addresses and whether ordering is open with
 * the app's own functions; the head's bundle carries them
 * (scripts/first-screen-plugin.ts).
 */
import type { AnswerOf } from '../app/operation';
import { effectiveMode, modesOffered } from '../../shared/domain/businessMode';
import { formatPrice, normalizeNumberFormats } from '../../shared/domain/numbers';
import { currentPrice } from '../../shared/domain/pricing';
import { ossUrl } from '../ui/ossUrl';
// Leaf modules of the shop feature, not its public module: that would bring the app's store into the head.
import { guardFor } from '../session/guardCheck';
import { hoursLine } from '../features/shop/hoursLine';
import { toBaseInfo, toEntity, toShopInfo, toSignSheet } from '../session/shopRows';
import { toGoods } from '../features/menu/goodsRows';
import { FIRST_SCREEN_ID, TAPPED_ATTRIBUTE, type FirstScreenTap } from './firstScreen';


/** The home page's words the drawing shows, in one locale (from its messages at build time). */
export interface FirstPaintTexts {
  /** "Table {table}": the one with an argument. */
  table: string;
  orderNow: string;
  byNumber: string;
  outlets: string;
  otherShops: string;
  featured: string;
  mode: string;
  dineIn: string;
  takeout: string;
  /** The outlet's hours of the day: "Today {hours}" (the other one with an argument), all day, closed today. */
  hoursToday: string;
  allDay: string;
  closedToday: string;
}

/** The message ids of FirstPaintTexts (HomePage's messages). */
export const FIRST_PAINT_MESSAGE_IDS: Record<keyof FirstPaintTexts, string> = {
  table: 'home.table',
  orderNow: 'home.orderNow',
  byNumber: 'home.byNumber',
  outlets: 'home.outlets',
  otherShops: 'home.otherShops',
  featured: 'home.featured',
  mode: 'home.mode',
  dineIn: 'home.dineIn',
  takeout: 'home.takeout',
  hoursToday: 'home.hoursToday',
  allDay: 'home.allDay',
  closedToday: 'home.closedToday',
};

/** An answer as it may come: any table, any field of a row, may be missing. */
type Loose<A> = { [T in keyof A]?: A[T] extends readonly (infer R)[] ? Partial<R>[] : never };

export interface FirstPaintInput {
  page: Loose<AnswerOf<'EShop_EShopShopPageGet_Get'>>;
  /** The home page's goods; absent: not in yet (paintFirstGoods adds them when they are). */
  goods?: Loose<AnswerOf<'Goods_GoodsShopHomeGoodsByPage_Get'>>['table1'];
  /** The scanned code named a table (the code's answer has a TableID). */
  atTable: boolean;
  texts: FirstPaintTexts;
  locale: string;
  /** How many pictures are above the fold (eager, high priority; the rest lazy, as the app's). */
  eagerPictures: number;
  pictureSize: number;
}

/** Goods drawn: enough rows to fill a tall phone's screen; the app draws the rest. */
const GOODS_DRAWN = 8;

function el<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const e = doc.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

/**
 * A way into one of the app's pages: a link to its path (app/paths.ts pathOf) that the drawing's
 * root keeps the tap of. Out of the tab order: the drawing is hidden from assistive technology.
 */
function wayIn(doc: Document, to: FirstScreenTap, className: string, text: string): HTMLAnchorElement {
  const a = el(doc, 'a', className, text);
  a.href = `#/pages/${to}/${to}`;
  a.setAttribute('data-tap', to);
  a.tabIndex = -1;
  return a;
}

/**
 * Draws the first screen over the page and returns its root, or null when the
 * answers name no shop or the app will not show the home page (ordering is
 * not possible now). Text goes in as text, never as markup.
 */
export function paintFirstScreen(doc: Document, input: FirstPaintInput): HTMLElement | null {
  const { page, texts } = input;
  const entRow = page.table1?.[0];
  const shopRow = page.table2?.[0];
  if (!entRow || !shopRow) return null;
  // The app's own readings of the rows (session/shopRows.ts), defaults and all.
  const entity = toEntity(entRow);
  const shop = toShopInfo(shopRow);
  if (!shop.ShopName) return null;
  const base = page.table3?.[0] ? toBaseInfo(page.table3[0]) : null;
  const sheet = page.table4?.[0] ? toSignSheet(page.table4[0]) : null;
  const table = page.table5?.[0];
  // Where ordering is not possible now (closed, the table's time over, its sheet closed or paid) the
  // app opens orderEntry, not the home page: no "Order now" to draw.
  const now = entRow.NowDate ? new Date(entRow.NowDate) : new Date();
  // The outlet's own zone, else its enterprise's (toEntity defaults that one).
  const zone = base?.TimeZone || entity.TimeZone;
  if (!guardFor(base, sheet, zone, now).ok) return null;

  const root = el(doc, 'div');
  root.id = FIRST_SCREEN_ID;
  root.setAttribute('aria-hidden', 'true');
  // A tap on a way in is kept for the app (boot/firstScreen.ts takeOverFirstScreen), the last one counts.
  root.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target.closest('[data-tap]') : null;
    if (!target) return;
    event.preventDefault();
    const to = target.getAttribute('data-tap') ?? '';
    root.setAttribute(TAPPED_ATTRIBUTE, to);
    // And for the app after a sign-in round trip (a chat app's authorize page), if it leaves before taking over.
    try {
      sessionStorage.setItem(TAPPED_ATTRIBUTE, `${to} ${Date.now()}`);
    } catch {
      // Storage refused: the tap counts on this page only.
    }
    const before = root.querySelector('.tapped');
    if (before) before.classList.remove('tapped');
    target.classList.add('tapped');
  });
  const frame = el(doc, 'div', 'page with-tab-bar');
  const main = el(doc, 'main', 'page-body');
  const home = el(doc, 'section', 'home');
  root.appendChild(frame).appendChild(main).appendChild(home);

  const header = el(doc, 'header', 'shop-header');
  header.appendChild(el(doc, 'h1', undefined, shop.ShopName));
  if (base) {
    header.appendChild(el(doc, 'p', 'base-name', base.BaseName));
    const line = hoursLine(base, zone, now);
    header.appendChild(el(doc, 'p', 'base-hours', texts[line.key].replace('{hours}', line.hours)));
  }
  if (table) header.appendChild(el(doc, 'p', 'table-name', texts.table.replace('{table}', table.TableName ?? '')));
  home.appendChild(header);

  const outletMode = base ? base.BusinessMode : '0';
  const offered = modesOffered(outletMode);
  if (offered.length > 1) {
    const chosen = effectiveMode('', outletMode, input.atTable);
    const modes = el(doc, 'fieldset', 'mode-switch choice-group');
    modes.appendChild(el(doc, 'legend', undefined, texts.mode));
    for (const m of offered) {
      const chip = el(doc, 'span', `chip${m === chosen ? ' chosen' : ''}`, m === '2' ? texts.dineIn : texts.takeout);
      modes.appendChild(chip);
    }
    home.appendChild(modes);
  }
  // The app's links, which keep a tap for the app (above).
  home.appendChild(wayIn(doc, 'goodsList', 'btn btn-primary btn-block', texts.orderNow));
  const links = el(doc, 'p', 'home-links');
  links.appendChild(wayIn(doc, 'search', 'first-screen-link', texts.byNumber));
  links.appendChild(doc.createTextNode(' · '));
  links.appendChild(wayIn(doc, 'baseSelect', 'first-screen-link', texts.outlets));
  if (shop.PosType === '5') {
    links.appendChild(doc.createTextNode(' · '));
    links.appendChild(wayIn(doc, 'shopSelect', 'first-screen-link', texts.otherShops));
  }
  home.appendChild(links);

  doc.body.insertBefore(root, doc.body.firstChild);
  if (input.goods) paintFirstGoods(root, input);
  return root;
}

/** Adds the recommended goods to a drawing (paintFirstScreen's root), below what is there: nothing moves. */
export function paintFirstGoods(root: HTMLElement, input: FirstPaintInput): void {
  const doc = root.ownerDocument;
  const home = root.querySelector('.home');
  const goods = (input.goods ?? []).slice(0, GOODS_DRAWN).map(toGoods);
  if (!home || goods.length === 0) return;
  const entity = toEntity(input.page.table1?.[0] ?? {});
  const section = el(doc, 'section');
  section.appendChild(el(doc, 'h2', undefined, input.texts.featured));
  const list = section.appendChild(el(doc, 'ul', 'home-goods'));
  const formats = normalizeNumberFormats(entity);
  goods.forEach((g, i) => {
    const item = list.appendChild(el(doc, 'li')).appendChild(el(doc, 'span', 'first-screen-goods'));
    item.setAttribute('data-tap', 'goodsList');
    const img = el(doc, 'img');
    img.alt = g.name;
    if (i < input.eagerPictures) img.setAttribute('fetchpriority', 'high');
    else img.loading = 'lazy';
    img.width = 160;
    img.height = 160;
    // No picture, no address (as React leaves out an empty src): not the page's own address asked again.
    const src = ossUrl(entity.OssCustomerDomain || '/oss/', g.pic, input.pictureSize, input.pictureSize);
    if (src) img.src = src;
    item.appendChild(img);
    item.appendChild(el(doc, 'span', undefined, g.name));
    item.appendChild(doc.createTextNode(' '));
    item.appendChild(el(doc, 'strong', undefined, formatPrice(currentPrice(g.salesPrice, g.promotePrice), formats, entity.CurrencySymbol, input.locale)));
  });
  home.appendChild(section);
}
