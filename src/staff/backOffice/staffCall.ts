/**
 * The back office's calls of the staff API (loyalty and reports, issue 27):
 * typed from shared/protocol/staff.ts like src/staff/api.ts, on the signed-in
 * person's session cookie, in the screen's language. A refusal keeps the
 * service's answer (a 409's fresh values).
 */
import type { StaffAnswer, StaffArgs, StaffPath } from '../../shared/protocol/staff';
import { staffPath } from '../api';

export class BackOfficeError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** A route's query as text (absent values left out). */
export function queryText(query: Record<string, unknown> | undefined): string {
  const pairs = Object.entries(query ?? {}).filter(([, v]) => v !== undefined && v !== null && v !== '');
  return pairs.length ? `?${new URLSearchParams(pairs.map(([k, v]) => [k, String(v)])).toString()}` : '';
}

/** The address of a route (a CSV export's link). */
export function routeUrl<K extends StaffPath>(route: K, args: StaffArgs<K>): string {
  const { params, query } = args as { params?: Record<string, string>; query?: Record<string, unknown> };
  return staffPath(route, params) + queryText(query);
}

export async function staffCall<K extends StaffPath>(route: K, args: StaffArgs<K>, lang: string): Promise<StaffAnswer<K>> {
  const { body } = args as { body?: unknown };
  let res: Response;
  try {
    res = await fetch(routeUrl(route, args), {
      method: route.slice(0, route.indexOf(' ')),
      headers: { 'accept-language': lang, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new BackOfficeError(0, 'network', {});
  }
  const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) throw new BackOfficeError(res.status, typeof json.error === 'string' ? json.error : res.statusText, json);
  return json as StaffAnswer<K>;
}
