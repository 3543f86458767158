// Writes public/oss/goods/g<no>.svg, one flat picture per demo goods.
// Run once after changing the demo menu: npx tsx scripts/make-goods-pictures.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { GOODS, GOODS_CLASSES } from '../src/server/db/seed/demo.ts';

const dir = new URL('../public/oss/goods/', import.meta.url);
mkdirSync(dir, { recursive: true });
const kindOf = { Rice: 'rice', Noodles: 'bowl', Snacks: 'snack', Soups: 'soup', Set: 'set', Drinks: 'drink', Desserts: 'tart', Tarts: 'tart', Takeaway: 'box' };
const classKind = new Map(GOODS_CLASSES.map((c) => [c.class_id, kindOf[c.class_name_en.split(' ').find((w) => kindOf[w])] ?? 'box']));
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const bowl = (a) => `<path d="M22 50h52a26 24 0 0 1-52 0z" fill="${a}"/>`;
const shapes = {
  rice: (a) => `<ellipse cx="48" cy="56" rx="24" ry="14" fill="#fbf6ea"/><rect x="33" y="42" width="30" height="10" rx="4" fill="${a}"/>`,
  meat: (a) => `<ellipse cx="46" cy="54" rx="22" ry="14" fill="${a}"/><rect x="62" y="50" width="14" height="6" rx="3" fill="#f3e3c3"/>`,
  bowl: (a) => `${bowl(a)}<path d="M30 48q6-8 12 0t12 0t12 0" fill="none" stroke="#f6d98b" stroke-width="4"/>`,
  soup: (a) => `${bowl(a)}<path d="M40 38q-4-6 0-12M52 38q-4-6 0-12" fill="none" stroke="#c8c8c8" stroke-width="3" stroke-linecap="round"/>`,
  snack: (a) => `<circle cx="38" cy="56" r="9" fill="${a}"/><circle cx="56" cy="56" r="9" fill="${a}"/><circle cx="47" cy="42" r="9" fill="${a}"/>`,
  set: (a) => `<rect x="22" y="36" width="52" height="34" rx="5" fill="${a}"/><rect x="27" y="41" width="20" height="24" rx="3" fill="#fbf6ea"/><rect x="51" y="41" width="18" height="11" rx="3" fill="#fff"/><rect x="51" y="55" width="18" height="10" rx="3" fill="#fff"/>`,
  drink: (a) => `<path d="M36 32h24l-4 40H40z" fill="${a}"/><path d="M52 32l6-14" stroke="#555" stroke-width="3"/>`,
  tart: (a) => `<circle cx="48" cy="54" r="20" fill="${a}"/><circle cx="48" cy="54" r="13" fill="#f7c948"/><circle cx="44" cy="50" r="3" fill="#b5651d"/>`,
  box: (a) => `<rect x="32" y="38" width="32" height="30" rx="3" fill="${a}"/><path d="M32 46h32" stroke="#fff" stroke-width="3"/>`,
  bag: (a) => `<path d="M32 40h32l4 32H28z" fill="${a}"/><path d="M40 40v-6a8 8 0 0 1 16 0v6" fill="none" stroke="${a}" stroke-width="3"/>`,
};
for (const g of GOODS) {
  const no = g.pic.match(/g(\d+)\.svg$/)[1];
  const hue = (Number(no) * 47) % 360;
  const kind = g.goods_type === 9 ? 'bag' : g.goods_type === 7 ? 'meat' : classKind.get(g.class_id);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96"><title>${esc(g.goods_name_en)}</title>`
    + `<rect width="96" height="96" rx="12" fill="hsl(${hue},70%,88%)"/><circle cx="48" cy="52" r="34" fill="#fff" stroke="hsl(${hue},35%,75%)" stroke-width="3"/>`
    + `${shapes[kind](`hsl(${hue},60%,48%)`)}</svg>\n`;
  writeFileSync(new URL(`g${no}.svg`, dir), svg);
}
console.log(`${GOODS.length} pictures in ${dir.pathname}`);
