/**
 * The member's pages behind 'mine' (issue 6): balance history, top-up rules,
 * coupons and coupon plans, shipping addresses. Every member read and write is
 * the session's member's (a VipID in the payload is ignored).
 *
 *   VipRecharge_VipRechargeRuleListByPage_Get      -> [{RuleID, Amo, GiftAmo, Sort}], [{TotalCount}]
 *   VipRecharge_EntVipAccountItemsListByPage_V2_Get -> [{ItemID, Kind, Amo, Balance, Remark, SheetID, CreatedDate}], [{TotalCount}]
 *   EntCard_VipCardList_Get {Status?}              -> the member's coupons (0 unused, 1 used, 2 expired), [{TotalCount}]
 *   EntCard_EntCardPlanList_Get                    -> the enterprise's coupon plans, [{TotalCount}]
 *   EntCard_VipEntCardPlanDetail_Get {PlanID}      -> [plan]
 *   (EntCard_ProvideVipCard_Add: operations/wallet.ts)
 *   VipAddress_VipAddressListByPage_Get            -> [address...], [{TotalCount}]
 *   VipAddress_VipAddressSubmit_Add / _Update      -> [address]; one default per member
 *   VipAddress_VipAddressDetailGet_Get {AddressID} -> [address]
 *   VipAddress_VipAddressSubmit_Delete {AddressID} -> [{AddressID}]
 */
import { randomInt } from 'node:crypto';
import { decimal4 } from '../../../shared/protocol/envelope';
import { normalisePhone } from '../../../shared/domain/member';
import type { PayloadOf } from '../../../shared/protocol/schemas';
import type { Queryable } from '../../db/driver';
import { OpError, type HandlerMap, type OpContext } from '../context';
import { iso, paging, requireMember } from './rows';

const newId = (prefix: string, now: Date) => `${prefix}${now.getTime()}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;

// Coupons -------------------------------------------------------------------------

const CARD_COLUMNS = `c.card_id AS "CardID", c.card_code AS "CardCode", p.plan_id AS "PlanID", p.plan_name AS "PlanName",
  p.plan_name_tw AS "PlanNameTW", p.plan_name_en AS "PlanNameEN", p.card_type::text AS "CardType",
  p.face_value AS "FaceValue", p.min_amount AS "MinAmount", c.begin_at AS "BeginTime", c.end_at AS "EndTime",
  (CASE WHEN c.status = 0 AND c.end_at <= $2 THEN 2 ELSE c.status END)::int AS "Status", c.used_at AS "UsedTime", p.remark AS "Remark"`;

function cardRow(r: Record<string, unknown>) {
  return {
    ...r,
    FaceValue: decimal4(r.FaceValue as string),
    MinAmount: decimal4(r.MinAmount as string),
    BeginTime: iso(r.BeginTime),
    EndTime: iso(r.EndTime),
    UsedTime: iso(r.UsedTime),
  };
}

const PLAN_COLUMNS = `p.plan_id AS "PlanID", p.plan_name AS "PlanName", p.plan_name_tw AS "PlanNameTW", p.plan_name_en AS "PlanNameEN",
  p.card_type::text AS "CardType", p.face_value AS "FaceValue", p.min_amount AS "MinAmount", p.valid_days AS "ValidDays",
  CASE WHEN p.can_claim THEN 1 ELSE 0 END AS "CanClaim",
  CASE WHEN EXISTS (SELECT 1 FROM card_claim k WHERE k.plan_id = p.plan_id AND k.vip_id = $2) THEN 1 ELSE 0 END AS "Claimed",
  (SELECT count(*) FROM card_claim k WHERE k.plan_id = p.plan_id AND k.vip_id = $2)::int AS "ClaimedCount",
  p.per_member_limit AS "PerMemberLimit",
  CASE WHEN p.stock IS NULL THEN -1 ELSE GREATEST(p.stock - p.claimed_count, 0) END AS "Stock",
  p.remark AS "Remark"`;

const planRow = (r: Record<string, unknown>) => ({ ...r, FaceValue: decimal4(r.FaceValue as string), MinAmount: decimal4(r.MinAmount as string) });

/** The member's vip id when the session is a member's, for "claimed" flags; '' otherwise. */
const memberOrNone = (ctx: OpContext) => (ctx.session?.role === 'member' && ctx.session.vipId ? ctx.session.vipId : '');

// Addresses -----------------------------------------------------------------------

const ADDRESS_COLUMNS = `address_id AS "AddressID", cust_name AS "CustName", cust_phone AS "CustPhone", area_no AS "AreaNo",
  province AS "Province", city AS "City", district AS "District", main_address AS "MainAddress",
  house_number AS "HouseNumber", gps_lng AS "GPS_Lng", gps_lat AS "GPS_Lat", CASE WHEN is_default THEN 1 ELSE 0 END AS "IsDefault"`;

async function addressOf(q: Queryable, vipId: string, addressId: string) {
  const [row] = await q.query(`SELECT ${ADDRESS_COLUMNS} FROM vip_address WHERE address_id = $1 AND vip_id = $2`, [addressId, vipId]);
  if (!row) throw new OpError('vipAddressNotFound');
  return row;
}

type AddressInput = PayloadOf<'VipAddress_VipAddressSubmit_Add'>['tableData'][number];

type Address = {
  cust_name: string;
  cust_phone: string;
  area_no: string;
  province: string;
  city: string;
  district: string;
  main_address: string;
  house_number: string;
  gps_lng: number | null;
  gps_lat: number | null;
};

/** Merges the submitted fields over `base` and checks the result (SPEC section 5 messages). */
function checkAddress(input: AddressInput, base: Address | null): Address {
  const pick = (value: string | undefined, old: string | undefined) => (value !== undefined ? value.trim() : (old ?? ''));
  const address: Address = {
    cust_name: pick(input.CustName, base?.cust_name),
    cust_phone: pick(input.CustPhone, base?.cust_phone),
    area_no: pick(input.AreaNo, base?.area_no) || '853',
    province: pick(input.Province, base?.province),
    city: pick(input.City, base?.city),
    district: pick(input.District, base?.district),
    main_address: pick(input.MainAddress, base?.main_address),
    house_number: pick(input.HouseNumber, base?.house_number),
    gps_lng: input.GPS_Lng !== undefined ? input.GPS_Lng : (base?.gps_lng ?? null),
    gps_lat: input.GPS_Lat !== undefined ? input.GPS_Lat : (base?.gps_lat ?? null),
  };
  if (!address.cust_name || !address.cust_phone) throw new OpError('vipAddressContact');
  const phone = normalisePhone(address.area_no, address.cust_phone);
  if (!phone) throw new OpError('phoneInvalid');
  address.area_no = phone.areaNo;
  address.cust_phone = phone.phone;
  const region = address.province || address.city || address.district;
  if (!region || !address.main_address || !address.house_number) throw new OpError('vipAddressIncomplete');
  return address;
}

const wantsDefault = (value: AddressInput['IsDefault']) => value === true || value === 1 || value === '1';

export const memberPageHandlers: HandlerMap = {
  // Balance -------------------------------------------------------------------------
  async VipRecharge_VipRechargeRuleListByPage_Get(ctx, { tableData: [row] }) {
    const entId = row!.EntID || ctx.session?.entId || '';
    const { limit, offset } = paging(row!, 50);
    const rows = await ctx.tx.query<{ rule_id: string; amount: string; gift: string; sort: number }>(
      'SELECT rule_id, amount, gift, sort FROM recharge_rule WHERE ent_id = $1 ORDER BY sort, amount LIMIT $2 OFFSET $3',
      [entId, limit, offset],
    );
    const [total] = await ctx.tx.query<{ n: number }>('SELECT count(*)::int AS n FROM recharge_rule WHERE ent_id = $1', [entId]);
    return {
      table1: rows.map((r) => ({ RuleID: r.rule_id, Amo: decimal4(r.amount), GiftAmo: decimal4(r.gift), Sort: r.sort })),
      table2: [{ TotalCount: total?.n ?? 0 }],
    };
  },

  async VipRecharge_EntVipAccountItemsListByPage_V2_Get(ctx, { tableData: [row] }) {
    const { vipId } = requireMember(ctx);
    const { limit, offset } = paging(row!);
    const rows = await ctx.tx.query<{ item_id: string; kind: string; amount: string; balance: string; remark: string; sheet_id: string; created_at: Date }>(
      `SELECT item_id::text, kind, amount, balance, remark, sheet_id, created_at FROM vip_account_item
        WHERE vip_id = $1 ORDER BY seq DESC LIMIT $2 OFFSET $3`,
      [vipId, limit, offset],
    );
    const [total] = await ctx.tx.query<{ n: number }>('SELECT count(*)::int AS n FROM vip_account_item WHERE vip_id = $1', [vipId]);
    return {
      table1: rows.map((r) => ({
        ItemID: r.item_id,
        Kind: r.kind,
        Amo: decimal4(r.amount),
        Balance: decimal4(r.balance),
        Remark: r.remark,
        SheetID: r.sheet_id,
        CreatedDate: iso(r.created_at),
      })),
      table2: [{ TotalCount: total?.n ?? 0 }],
    };
  },

  // Coupons -------------------------------------------------------------------------
  async EntCard_VipCardList_Get(ctx, { tableData: [row] }) {
    const { vipId } = requireMember(ctx);
    const { limit, offset } = paging(row!, 20, 200);
    const status = row!.Status;
    const effective = '(CASE WHEN c.status = 0 AND c.end_at <= $2 THEN 2 ELSE c.status END)';
    const where = `c.vip_id = $1 ${status === undefined ? '' : `AND ${effective} = $3`}`;
    const params = status === undefined ? [vipId, ctx.now] : [vipId, ctx.now, status];
    const rows = await ctx.tx.query(
      `SELECT ${CARD_COLUMNS} FROM vip_card c JOIN card_plan p ON p.plan_id = c.plan_id
        WHERE ${where} ORDER BY ${effective}, c.end_at, c.card_id LIMIT ${limit} OFFSET ${offset}`,
      params,
    );
    const [total] = await ctx.tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM vip_card c WHERE ${where} AND $2::timestamptz IS NOT NULL`,
      params,
    );
    return { table1: rows.map(cardRow), table2: [{ TotalCount: total?.n ?? 0 }] };
  },

  async EntCard_EntCardPlanList_Get(ctx, { tableData: [row] }) {
    const entId = row!.EntID || ctx.session?.entId || '';
    const { limit, offset } = paging(row!, 50);
    const rows = await ctx.tx.query(
      `SELECT ${PLAN_COLUMNS} FROM card_plan p WHERE p.ent_id = $1 ORDER BY p.plan_id LIMIT $3 OFFSET $4`,
      [entId, memberOrNone(ctx), limit, offset],
    );
    const [total] = await ctx.tx.query<{ n: number }>('SELECT count(*)::int AS n FROM card_plan WHERE ent_id = $1', [entId]);
    return { table1: rows.map(planRow), table2: [{ TotalCount: total?.n ?? 0 }] };
  },

  async EntCard_VipEntCardPlanDetail_Get(ctx, { tableData: [row] }) {
    const [plan] = await ctx.tx.query(`SELECT ${PLAN_COLUMNS} FROM card_plan p WHERE p.plan_id = $1`, [row!.PlanID, memberOrNone(ctx)]);
    if (!plan) throw new OpError('cardPlanNotFound');
    return { table1: [planRow(plan)] };
  },

  // Addresses -----------------------------------------------------------------------
  async VipAddress_VipAddressListByPage_Get(ctx, { tableData: [row] }) {
    const { vipId } = requireMember(ctx);
    const { limit, offset } = paging(row!, 999, 999);
    const rows = await ctx.tx.query(
      `SELECT ${ADDRESS_COLUMNS} FROM vip_address WHERE vip_id = $1 ORDER BY is_default DESC, created_at DESC, address_id LIMIT $2 OFFSET $3`,
      [vipId, limit, offset],
    );
    const [total] = await ctx.tx.query<{ n: number }>('SELECT count(*)::int AS n FROM vip_address WHERE vip_id = $1', [vipId]);
    return { table1: rows, table2: [{ TotalCount: total?.n ?? 0 }] };
  },

  async VipAddress_VipAddressDetailGet_Get(ctx, { tableData: [row] }) {
    const { vipId } = requireMember(ctx);
    return { table1: [await addressOf(ctx.tx, vipId, row!.AddressID)] };
  },

  async VipAddress_VipAddressSubmit_Add(ctx, { tableData: [row] }) {
    const { vipId } = requireMember(ctx);
    const { tx, now } = ctx;
    const a = checkAddress(row!, null);
    // Serialise one member's address writes (the one-default rule).
    await tx.query('SELECT vip_id FROM vip WHERE vip_id = $1 FOR UPDATE', [vipId]);
    const [existing] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM vip_address WHERE vip_id = $1', [vipId]);
    const isDefault = wantsDefault(row!.IsDefault) || (existing?.n ?? 0) === 0;
    if (isDefault) await tx.query('UPDATE vip_address SET is_default = false WHERE vip_id = $1 AND is_default', [vipId]);
    const addressId = newId('877', now);
    await tx.query(
      `INSERT INTO vip_address (address_id, vip_id, cust_name, cust_phone, area_no, province, city, district, main_address, house_number, gps_lng, gps_lat, is_default, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
      [addressId, vipId, a.cust_name, a.cust_phone, a.area_no, a.province, a.city, a.district, a.main_address, a.house_number, a.gps_lng, a.gps_lat, isDefault, now],
    );
    return { table1: [await addressOf(tx, vipId, addressId)] };
  },

  async VipAddress_VipAddressSubmit_Update(ctx, { tableData: [row] }) {
    const { vipId } = requireMember(ctx);
    const { tx } = ctx;
    await tx.query('SELECT vip_id FROM vip WHERE vip_id = $1 FOR UPDATE', [vipId]);
    const [base] = await tx.query<Address & { is_default: boolean }>(
      'SELECT * FROM vip_address WHERE address_id = $1 AND vip_id = $2',
      [row!.AddressID, vipId],
    );
    if (!base) throw new OpError('vipAddressNotFound');
    const a = checkAddress(row!, base);
    const isDefault = row!.IsDefault === undefined ? base.is_default : wantsDefault(row!.IsDefault) || base.is_default;
    if (isDefault && !base.is_default) await tx.query('UPDATE vip_address SET is_default = false WHERE vip_id = $1 AND is_default', [vipId]);
    await tx.query(
      `UPDATE vip_address SET cust_name = $3, cust_phone = $4, area_no = $5, province = $6, city = $7, district = $8,
              main_address = $9, house_number = $10, gps_lng = $11, gps_lat = $12, is_default = $13
        WHERE address_id = $1 AND vip_id = $2`,
      [row!.AddressID, vipId, a.cust_name, a.cust_phone, a.area_no, a.province, a.city, a.district, a.main_address, a.house_number, a.gps_lng, a.gps_lat, isDefault],
    );
    return { table1: [await addressOf(tx, vipId, row!.AddressID)] };
  },

  async VipAddress_VipAddressSubmit_Delete(ctx, { tableData: [row] }) {
    const { vipId } = requireMember(ctx);
    const { tx } = ctx;
    await tx.query('SELECT vip_id FROM vip WHERE vip_id = $1 FOR UPDATE', [vipId]);
    const [gone] = await tx.query<{ is_default: boolean }>(
      'DELETE FROM vip_address WHERE address_id = $1 AND vip_id = $2 RETURNING is_default',
      [row!.AddressID, vipId],
    );
    if (!gone) throw new OpError('vipAddressNotFound');
    // The newest remaining address becomes the default.
    if (gone.is_default) {
      await tx.query(
        `UPDATE vip_address SET is_default = true WHERE address_id = (
           SELECT address_id FROM vip_address WHERE vip_id = $1 ORDER BY created_at DESC, address_id LIMIT 1)`,
        [vipId],
      );
    }
    return { table1: [{ AddressID: row!.AddressID }] };
  },
};
