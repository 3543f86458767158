import { pathOf } from '../../app/paths';

export function orderDetailsPath(SheetID: string): string {
  return `${pathOf('orderDetails')}?${new URLSearchParams({ SheetID }).toString()}`;
}
