/**
 * An order's delivery address as the service writes it for its reader (issue
 * 23 item 7): the customer's order details, the delivery's details and the
 * kitchen's card, all through the one shared formatter.
 */
import { formatAddress } from '../../../shared/domain/addressFormat';
import type { Lang } from '../../messages';

/** The sheet's columns the address is made of (cust_house is '' on orders placed before it was kept apart). */
export interface SheetAddressColumns {
  cust_region: string;
  cust_address: string;
  cust_house?: string | null;
}

export const sheetAddress = (s: SheetAddressColumns, lang: Lang): string =>
  formatAddress({ region: s.cust_region, street: s.cust_address, house: s.cust_house ?? '' }, lang);
