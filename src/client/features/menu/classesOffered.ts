/**
 * The menu's classes offered in the way the customer orders (issue 23): a
 * takeout-only class (the takeaway extras: a plastic bag, cutlery) is not
 * offered to a diner, nor a dine-in-only one to a takeaway. The menu lists
 * only the classes it is given, so their goods go with them.
 */
import { useMemo } from 'react';
import { classOffered } from '../../../shared/domain/businessMode';
import { useAppSelector } from '../../app/hooks';
import { selectBusinessMode } from '../cart';
import { menuApi, type GoodsClass } from './menuApi';

export function offeredClasses(classes: readonly GoodsClass[], mode: string): GoodsClass[] {
  return classes.filter((c) => classOffered(c.businessMode ?? '0', mode));
}

/** menuApi's goods classes of the shop at the outlet, those offered in the cart's business mode only. */
export function useOfferedClasses(ShopID: string, BaseID: string) {
  const mode = useAppSelector(selectBusinessMode);
  const classes = menuApi.useGoodsClassesQuery({ ShopID, BaseID }, { skip: !ShopID });
  const data = useMemo(() => (classes.data ? offeredClasses(classes.data, mode) : undefined), [classes.data, mode]);
  return { ...classes, data };
}
