/**
 * The back office's outlet and table routes (shared/protocol/staffOutlets.ts),
 * typed from the staff API's table with type-only imports (zod stays out of
 * the chunk), as the signed-in person (the session cookie goes by itself).
 * A refusal keeps its body: a version conflict carries the outlet's fresh
 * values, an invalid form its problems.
 */
import type { StaffAnswer, StaffArgs, StaffPath } from '../../../shared/protocol/staff';
import type { OutletSettingsInput, OutletSettingsJson, StaffTableJson } from '../../../shared/protocol/staffOutlets';
import { staffPath } from '../../api';

export type Table = StaffTableJson;
export type OutletSettings = OutletSettingsJson;

export class OutletsError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: { outlet?: OutletSettings; problems?: { field: string; code: string }[] },
  ) {
    super(message);
  }
}

export function outletsApi(lang: string) {
  async function call<K extends StaffPath>(route: K, args: StaffArgs<K>): Promise<StaffAnswer<K>> {
    const { params, query, body } = args as { params?: Record<string, string>; query?: Record<string, string>; body?: unknown };
    const method = route.slice(0, route.indexOf(' '));
    let res: Response;
    try {
      res = await fetch(staffPath(route, params) + (query ? `?${new URLSearchParams(query).toString()}` : ''), {
        method,
        headers: { 'accept-language': lang, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw new OutletsError(0, 'network', {});
    }
    const json = (await res.json().catch(() => ({}))) as StaffAnswer<K> & { error?: string };
    if (!res.ok) throw new OutletsError(res.status, json.error ?? res.statusText, json as OutletsError['body']);
    return json;
  }
  return {
    tables: (baseId: string) => call('GET /staff/tables', { query: { baseId } }).then((r) => r.tables),
    addTable: (baseId: string, name: string) => call('POST /staff/tables', { body: { baseId, name } }).then((r) => r.table),
    renameTable: (tableId: string, name: string) => call('PATCH /staff/tables/:id', { params: { id: tableId }, body: { name } }).then((r) => r.table),
    removeTable: (tableId: string) => call('DELETE /staff/tables/:id', { params: { id: tableId } }),
    rotateCode: (tableId: string) => call('POST /staff/tables/:id/rotate-code', { params: { id: tableId } }).then((r) => r.table),
    outlet: (baseId: string) => call('GET /staff/outlets/:baseId', { params: { baseId } }).then((r) => r.outlet),
    saveOutlet: (baseId: string, version: number, settings: OutletSettingsInput) =>
      call('PATCH /staff/outlets/:baseId', { params: { baseId }, body: { ...settings, version } }).then((r) => r.outlet),
  };
}

export type OutletsApi = ReturnType<typeof outletsApi>;

/** The files beside the JSON routes (same door). */
export const qrSheetHref = (baseId: string) => `/staff/outlets/${encodeURIComponent(baseId)}/qr-sheet`;
export const tableCodeHref = (tableId: string, kind: 'svg' | 'png') => `/staff/tables/${encodeURIComponent(tableId)}/code.${kind}`;
