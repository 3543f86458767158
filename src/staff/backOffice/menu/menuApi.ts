/**
 * The back office's menu routes (shared/protocol/staffMenu.ts), as the
 * signed-in person. Like src/staff/api.ts, typed from the staff API's table
 * with type-only imports; its refusals keep what the menu's forms need: each
 * field's message and, on a version conflict, the fresh row.
 */
import type { StaffAnswer, StaffArgs, StaffPath } from '../../../shared/protocol/staff';
import type { ClassInput, GoodsInput, MenuClassJson, MenuGoodsJson, MenuImportAnswer } from '../../../shared/protocol/staffMenu';
import { staffPath } from '../../api';

export type { MenuAnswer, MenuClassJson, MenuGoodsJson, MenuImportAnswer } from '../../../shared/protocol/staffMenu';

export class MenuError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: { field: string; message: string }[] = [],
    readonly current?: MenuGoodsJson | MenuClassJson,
  ) {
    super(message);
  }
}

export function menuApi(token: string, lang: string) {
  async function send(method: string, url: string, body?: BodyInit, type?: string): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'accept-language': lang, ...(type ? { 'content-type': type } : {}) },
        body,
      });
    } catch {
      throw new MenuError(0, 'network');
    }
    const json = (await res.json().catch(() => ({}))) as { error?: string; fields?: MenuError['fields']; current?: MenuError['current'] };
    if (!res.ok) throw new MenuError(res.status, json.error ?? res.statusText, json.fields ?? [], json.current);
    return json;
  }
  function call<K extends StaffPath>(route: K, args: StaffArgs<K>): Promise<StaffAnswer<K>> {
    const { params, query, body } = args as { params?: Record<string, string>; query?: Record<string, string>; body?: unknown };
    const q = query ? `?${new URLSearchParams(query).toString()}` : '';
    return send(route.slice(0, route.indexOf(' ')), staffPath(route, params) + q, body === undefined ? undefined : JSON.stringify(body), body === undefined ? undefined : 'application/json') as Promise<StaffAnswer<K>>;
  }
  return {
    menu: (shopId = '') => call('GET /staff/menu', { query: { shopId } }),
    createClass: (body: Partial<ClassInput> & Pick<ClassInput, 'names'>) => call('POST /staff/classes', { body }).then((r) => r.class),
    updateClass: (id: string, body: Partial<ClassInput> & Pick<ClassInput, 'names'> & { version: number }) => call('PATCH /staff/classes/:id', { params: { id }, body }).then((r) => r.class),
    orderClasses: (shopId: string, classIds: string[]) => call('PUT /staff/classes/order', { body: { shopId, classIds } }).then((r) => r.classes),
    archiveClass: (id: string, archived: boolean) => call('POST /staff/classes/:id/archive', { params: { id }, body: { archived } }).then((r) => r.class),
    createGoods: (body: Partial<GoodsInput> & Pick<GoodsInput, 'classId' | 'code' | 'names' | 'price'>) => call('POST /staff/goods', { body }).then((r) => r.goods),
    updateGoods: (id: string, body: Partial<GoodsInput> & { version: number }) => call('PATCH /staff/goods/:id', { params: { id }, body }).then((r) => r.goods),
    archiveGoods: (id: string, archived: boolean) => call('POST /staff/goods/:id/archive', { params: { id }, body: { archived } }).then((r) => r.goods),
    deleteGoods: (id: string) => call('DELETE /staff/goods/:id', { params: { id } }),
    uploadPicture: async (id: string, file: Blob) => ((await send('POST', `/staff/goods/${encodeURIComponent(id)}/picture`, file, file.type)) as { goods: MenuGoodsJson }).goods,
    exportUrl: (shopId: string) => `/staff/menu/export.csv?shopId=${encodeURIComponent(shopId)}`,
    importCsv: (shopId: string, csv: string, dryRun: boolean) =>
      send('POST', `/staff/menu/import?shopId=${encodeURIComponent(shopId)}${dryRun ? '&dryRun=1' : ''}`, csv, 'text/csv') as Promise<MenuImportAnswer>,
  };
}

export type MenuApi = ReturnType<typeof menuApi>;
