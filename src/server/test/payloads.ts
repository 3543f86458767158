/**
 * A payload of every catalogue operation that its schema accepts, built from
 * demo ids by field name: for tests that walk the whole catalogue (the
 * access rules of README.md, http/access.test.ts).
 */
import type { z } from 'zod';
import type { OperationName } from '../../shared/protocol/catalogue';
import { schemas } from '../../shared/protocol/schemas';
import { DEMO } from '../db/seed';

/** A value the schema takes for a field, by its name. */
export const FIELD_VALUES: Record<string, unknown> = {
  EntID: DEMO.entId, UserID: DEMO.userId, ShopID: DEMO.shops.main, BaseID: DEMO.bases.quick, TableID: '', SheetID: DEMO.sheets.open,
  GoodsID: DEMO.goods.bbqPorkRice, VipID: '', CardCode: DEMO.cardCodes.welcome, PlanID: DEMO.cardPlans.cash20, Field: 'BaseID', Value: DEMO.bases.quick,
  Phone: '66999001', AreaNo: '853', Code: '123456', Amo: 48, TotalAmo: 48, PayAmo: 48, PageIndex: 1, PageSize: 10, LocalSheetID: '20261123170433689123',
  FbContent: 'walk', FbType: 0, RegisterType: 2, OpenID: 'walk-openid', AccessToken: 'walk-token', Provider: 'chat', SourceType: 'VipPhoneVerify',
  FileName: 'a.png', FileSize: 1024, FileType: 'image/png', AddressID: '1', Address: '澳門新馬路', GPS_Lng: 113.54, GPS_Lat: 22.19,
  Purpose: 'login', PayType: 'sandbox', TakeType: 'pickup', CustName: 'Walk', CustPhone: '66999001', RuleID: '', ParmID: 'OpeningHours',
  Email: 'walk@example.com', IsFavorite: 1,
};

function shapeOf(schema: unknown): Record<string, z.ZodType> {
  return ((schema as { shape?: Record<string, z.ZodType> } | undefined)?.shape ?? {});
}

/** The operation's payload: every field with a known value; Item1 with one line for the order submits. */
export function payloadFor(name: OperationName): { rows: Record<string, unknown>[]; extra: Record<string, unknown> } {
  const top = shapeOf(schemas[name].payload);
  const element = (s: unknown) => (s as { element?: unknown } | undefined)?.element;
  // An order without a coupon (a coupon is a member's: a guest's order with one is refused as such).
  const skip = new Set(top.Item1 ? ['CardCode', 'CardID'] : []);
  const row = Object.fromEntries(
    Object.keys(shapeOf(element(top.tableData)))
      .filter((k) => k in FIELD_VALUES && !skip.has(k))
      .map((k) => [k, FIELD_VALUES[k]]),
  );
  // Issue 28: the table's cart and calls name a table (a pay-after one) and a kind of call.
  if (name.startsWith('TableCart_') || name.startsWith('TableCall_')) Object.assign(row, { TableID: DEMO.tables.dineInA01 }, 'Kind' in shapeOf(element(top.tableData)) ? { Kind: 'staff' } : {});
  const extra: Record<string, unknown> = top.Item1 ? { Item1: [{ ItemID: 1, GoodsID: DEMO.goods.bbqPorkRice, Qua: 1, MQua: 1, PQua: 0, Amo: 48 }] } : {};
  return { rows: [row], extra };
}
