/**
 * The menu's "Favourites" class (issue 29 section 1): at the top of the menu,
 * the member's favourite goods (latest marked first) among those the menu
 * offers now (a goods of a class not offered in the way the customer orders
 * stays out, as it does from its own class). Each goods also stays in its own
 * class. Pure: the menu page joins it to its classes and goods.
 */
export const FAVOURITES_CLASS = 'favourites';

interface ClassLike {
  ClassID: string;
  name: string;
  goodsCount: number;
}
interface GoodsLike {
  GoodsID: string;
  ClassID: string;
}

export function withFavourites<C extends ClassLike, G extends GoodsLike>(
  classes: readonly C[],
  goods: readonly G[],
  favouriteIds: readonly string[],
  name: string,
): { classes: readonly C[]; goods: readonly G[] } {
  if (favouriteIds.length === 0) return { classes, goods };
  const offered = new Set(classes.map((c) => c.ClassID));
  const byId = new Map(goods.map((g) => [g.GoodsID, g]));
  const favourites: G[] = [];
  for (const id of favouriteIds) {
    const g = byId.get(id);
    if (g && offered.has(g.ClassID)) favourites.push({ ...g, ClassID: FAVOURITES_CLASS });
  }
  if (favourites.length === 0) return { classes, goods };
  const cls = { ...classes[0]!, ClassID: FAVOURITES_CLASS, name, goodsCount: favourites.length, businessMode: '0' } as C;
  return { classes: [cls, ...classes], goods: [...favourites, ...goods] };
}
