/**
 * What the kitchen and counter screen (/staff/, src/staff) reads besides the
 * staff API of http/staff.ts, behind the same staff token:
 *
 *   GET /staff/outlets                the outlets to choose from at sign-in
 *   GET /staff/goods?baseId=…         the outlet's goods with their skus and sold-out marks; a
 *                                     sku's spec as its values' names in the caller's language
 *                                     (Accept-Language: the screen's), e.g. ["Large", "Iced"]
 *
 * The routes' query and answers are declared in src/shared/protocol/staff.ts.
 * The screen itself is built into dist/staff/ and served with the app's files.
 */
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db/driver';
import { actorOf, staffGuard } from './staffAuth';
import { HttpError, serveStaffRoute, staffErrorHandler } from './staffRoute';
import { specWords } from '../../shared/domain/rounds';
import { langsFor, trBy } from '../operations/localized';

export interface StaffScreenDeps {
  db: Db;
  config: Config;
  clock: Clock;
}

export async function staffScreenRoutes(app: FastifyInstance, { db, config, clock }: StaffScreenDeps): Promise<void> {
  const guard = staffGuard({ db, config, clock });
  app.addHook('onRequest', async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return (await guard(req, reply)) ?? undefined;
  });

  app.setErrorHandler(staffErrorHandler);

  serveStaffRoute(app, 'GET /staff/outlets', async ({ req }) => {
    // A person sees the outlets of their account (issue 26); automation every one.
    const actor = actorOf(req);
    const rows = await db.query<{ base_id: string; base_name: string; base_name_tw: string; base_name_en: string; shop_name_en: string; shop_name: string }>(
      `SELECT b.base_id, b.base_name, b.base_name_tw, b.base_name_en, s.shop_name, s.shop_name_en
         FROM base b JOIN shop s ON s.shop_id = b.shop_id WHERE $1::text[] IS NULL OR b.base_id = ANY ($1::text[]) ORDER BY s.sort, s.shop_id, b.sort, b.base_id`,
      [actor.kind === 'account' ? actor.outlets : null],
    );
    return {
      outlets: rows.map((r) => ({
        baseId: r.base_id,
        name: r.base_name,
        nameTw: r.base_name_tw || r.base_name,
        nameEn: r.base_name_en || r.base_name,
        shopName: r.shop_name_en || r.shop_name,
      })),
    };
  });

  serveStaffRoute(app, 'GET /staff/goods', async ({ query, lang }) => {
    const baseId = query.baseId.slice(0, 64);
    const [base] = await db.query<{ shop_id: string }>('SELECT shop_id FROM base WHERE base_id = $1', [baseId]);
    if (!base) throw new HttpError(404, `no outlet ${baseId}`);
    const goods = await db.query<{ goods_id: string; goods_code: string; goods_name: string; goods_name_tw: string; goods_name_en: string; sold_out: boolean }>(
      `SELECT g.goods_id, g.goods_code, g.goods_name, g.goods_name_tw, g.goods_name_en, g.sold_out
         FROM goods g JOIN goods_class c ON c.class_id = g.class_id
        WHERE g.shop_id = $1 AND g.goods_type <> 9 ORDER BY c.sort, c.class_id, g.sort, g.goods_id`,
      [base.shop_id],
    );
    const l = await langsFor(db, lang, { baseId });
    const skus = await db.query<{ sku_id: string; goods_id: string; sku_items: string; sold_out: boolean }>(
      `SELECT k.sku_id, k.goods_id, ${trBy('g.sku_attribute_values', 'k.sku_items', l)} AS sku_items, k.sold_out
         FROM goods_sku k JOIN goods g ON g.goods_id = k.goods_id
        WHERE g.shop_id = $1 ORDER BY k.goods_id, k.sort, k.sku_id`,
      [base.shop_id],
    );
    const byGoods = new Map<string, { skuId: string; skuItems: string; spec: string[]; soldOut: boolean }[]>();
    for (const k of skus) {
      const list = byGoods.get(k.goods_id) ?? [];
      list.push({ skuId: k.sku_id, skuItems: k.sku_items, spec: specWords(k.sku_items), soldOut: k.sold_out });
      byGoods.set(k.goods_id, list);
    }
    return {
      goods: goods.map((g) => ({
        goodsId: g.goods_id,
        code: g.goods_code,
        name: g.goods_name,
        nameTw: g.goods_name_tw || g.goods_name,
        nameEn: g.goods_name_en || g.goods_name,
        soldOut: g.sold_out,
        skus: byGoods.get(g.goods_id) ?? [],
      })),
    };
  });
}
