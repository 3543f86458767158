/** Links into the address pages; `choose` opens them for the confirm page (a choice goes back there). */
import { pathOf } from '../../app/paths';

export function addressListPath(choose = false): string {
  return `${pathOf('addressList')}${choose ? '?choose=1' : ''}`;
}

export function addressEditPath(options: { id?: string; choose?: boolean } = {}): string {
  const q = new URLSearchParams();
  if (options.id) q.set('id', options.id);
  if (options.choose) q.set('choose', '1');
  const query = q.toString();
  return `${pathOf('addressEdit')}${query ? `?${query}` : ''}`;
}
