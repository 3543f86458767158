/**
 * The address book's helpers (issue 10); the member's own addresses
 * (VipAddress_*) are in ./book.ts.
 *
 *   Area_BatchAreaSelectGet_Get {ParentID?}
 *     -> every region (no ParentID: the whole tree in one answer, which the
 *        picker needs) or a region's children: [{AreaID, ParentID, Level,
 *        AreaName (the caller's language), AreaNameZH, AreaNameTW, AreaNameEN,
 *        HasChildren}], top level first, then by id
 *   Common_AddressResolutionGet_Get {GPS_Lng, GPS_Lat} | {Address}
 *     -> [{RegionID, Province, City, District, MainAddress (and MainAddressZH,
 *        MainAddressTW, MainAddressEN), GPS_Lng, GPS_Lat, Distance}]: the nearest street of the gazetteer within 200 m of the
 *        position (or the street an address text names, with a position on
 *        it), in the caller's language; nothing that near: 50000 'The
 *        address you selected is not resolved to the result!'
 */
import { regionPath, type Region } from '../../../shared/domain/regions';
import type { Lang } from '../../messages';
import { OpError, type HandlerMap } from '../context';
import { streetNamed, streetNear, type Street } from './gazetteer';

const inLang = (names: { zh: string; tw: string; en: string }, lang: Lang) => (lang === 'zh-CN' ? names.zh : lang === 'zh-TW' ? names.tw : names.en);

/** Province, city and district names of a region path (Macau's parishes are its districts). */
function regionNames(regionId: string, lang: Lang) {
  const path: Region[] = regionPath(regionId);
  const name = (r: Region | undefined) => (r ? inLang(r, lang) : '');
  return { Province: name(path[0]), City: name(path[1]), District: name(path[2]) };
}

function resolution(street: Street, point: readonly [number, number], metres: number | null, lang: Lang) {
  return {
    RegionID: street.regionId,
    ...regionNames(street.regionId, lang),
    MainAddress: inLang(street, lang),
    MainAddressZH: street.zh,
    MainAddressTW: street.tw,
    MainAddressEN: street.en,
    GPS_Lng: Math.round(point[0] * 1e6) / 1e6,
    GPS_Lat: Math.round(point[1] * 1e6) / 1e6,
    Distance: metres === null ? '' : String(Math.round(metres)),
  };
}

export const regionHandlers: HandlerMap = {
  async Area_BatchAreaSelectGet_Get(ctx, { tableData: [row] }) {
    const parent = row!.ParentID || null;
    const rows = await ctx.tx.query<{ region_id: string; parent_id: string | null; level: number; name: string; name_tw: string; name_en: string; children: number }>(
      `SELECT r.region_id, r.parent_id, r.level, r.name, r.name_tw, r.name_en,
              (SELECT count(*) FROM region c WHERE c.parent_id = r.region_id)::int AS children
         FROM region r
        WHERE ($1::text IS NULL OR r.parent_id = $1)
        ORDER BY r.level, r.region_id`,
      [parent],
    );
    return {
      table1: rows.map((r) => ({
        AreaID: r.region_id,
        ParentID: r.parent_id ?? '',
        Level: r.level,
        AreaName: inLang({ zh: r.name, tw: r.name_tw || r.name, en: r.name_en || r.name }, ctx.lang),
        AreaNameZH: r.name,
        AreaNameTW: r.name_tw,
        AreaNameEN: r.name_en,
        HasChildren: r.children > 0 ? 1 : 0,
      })),
    };
  },

  async Common_AddressResolutionGet_Get(ctx, { tableData: [row] }) {
    if (row!.GPS_Lng !== undefined && row!.GPS_Lat !== undefined) {
      const near = streetNear([row!.GPS_Lng, row!.GPS_Lat]);
      if (!near) throw new OpError('addressNotResolved');
      return { table1: [resolution(near.street, near.point, near.metres, ctx.lang)] };
    }
    const named = streetNamed(row!.Address ?? '');
    if (!named) throw new OpError('addressNotResolved');
    return { table1: [resolution(named.street, named.point, null, ctx.lang)] };
  },
};
