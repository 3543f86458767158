import { pathOf } from '../../app/routes';

export function orderDetailsPath(SheetID: string): string {
  return `${pathOf('orderDetails')}?${new URLSearchParams({ SheetID }).toString()}`;
}
