/**
 * The member's address book (issue 10): one default per member; every read
 * and write is the session's member's (a VipID in the payload is ignored).
 *
 *   VipAddress_VipAddressListByPage_Get            -> [address...], [{TotalCount}]
 *   VipAddress_VipAddressSubmit_Add / _Update      -> [address]; one default per member
 *   VipAddress_VipAddressDetailGet_Get {AddressID} -> [address]
 *   VipAddress_VipAddressSubmit_Delete {AddressID} -> [{AddressID}]
 */
import { randomInt } from 'node:crypto';
import { normalisePhone } from '../../../shared/domain/member';
import type { PayloadOf } from '../../../shared/protocol/schemas';
import type { Queryable } from '../../db/driver';
import { OpError, type HandlerMap, type RowOf } from '../context';
import { paging, requireMember } from '../auth/rows';

const newId = (prefix: string, now: Date) => `${prefix}${now.getTime()}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;

const ADDRESS_COLUMNS = `address_id AS "AddressID", cust_name AS "CustName", cust_phone AS "CustPhone", area_no AS "AreaNo",
  province AS "Province", city AS "City", district AS "District", main_address AS "MainAddress",
  house_number AS "HouseNumber", gps_lng AS "GPS_Lng", gps_lat AS "GPS_Lat", CASE WHEN is_default THEN 1 ELSE 0 END AS "IsDefault"`;

type BookRow = RowOf<'VipAddress_VipAddressDetailGet_Get'>;

async function addressOf(q: Queryable, vipId: string, addressId: string) {
  const [row] = await q.query<BookRow>(`SELECT ${ADDRESS_COLUMNS} FROM vip_address WHERE address_id = $1 AND vip_id = $2`, [addressId, vipId]);
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

export const addressBookHandlers: HandlerMap = {
  async VipAddress_VipAddressListByPage_Get(ctx, { tableData: [row] }) {
    const { vipId } = requireMember(ctx);
    const { limit, offset } = paging(row!, 999, 999);
    const rows = await ctx.tx.query<BookRow>(
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
