/**
 * SPEC section 5: a delivery beyond the outlet's range is blocked ('Beyond
 * distribution range'). The distance from the outlet to the chosen address's
 * position is the service's (Base_BaseInfoByGPSGet_Get measures every outlet
 * of the shop from a position); the submit checks the same again.
 */
import { api } from '../../app/api';
import { answer, request } from '../../app/operation';
import { numberOrNull, text } from '../../app/rows';

export const deliveryRangeApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Kilometres from the outlet to the position; null when the service gives none. */
    outletDistance: build.query<number | null, { BaseID: string; ShopID: string; GPS_Lng: number; GPS_Lat: number }>({
      query: ({ ShopID, GPS_Lng, GPS_Lat }) =>
        request('Base_BaseInfoByGPSGet_Get', [{ GPS_Lng, GPS_Lat, ...(ShopID ? { ShopID } : {}), PageIndex: 1, PageSize: 1000, BaseClass: 0 }]),
      transformResponse: answer('Base_BaseInfoByGPSGet_Get', (r, { BaseID }: { BaseID: string }) =>
        numberOrNull(r.table1.find((row) => text(row.BaseID) === BaseID)?.Distance),
      ),
    }),
  }),
});

export function isBeyondRange(distanceKm: number | null, rangeKm: string): boolean {
  const range = Number(rangeKm);
  return distanceKm !== null && range > 0 && distanceKm > range;
}

/** Whether the delivery position is beyond the outlet's range (false until known, or without a range). */
export function useDeliveryRange(input: { BaseID: string; ShopID: string; lng: number | null; lat: number | null; rangeKm: string | null }): boolean {
  const { BaseID, ShopID, lng, lat, rangeKm } = input;
  const skip = !BaseID || lng === null || lat === null || rangeKm === null || !(Number(rangeKm) > 0);
  const { data } = deliveryRangeApi.useOutletDistanceQuery({ BaseID, ShopID, GPS_Lng: lng ?? 0, GPS_Lat: lat ?? 0 }, { skip });
  return !skip && isBeyondRange(data ?? null, rangeKm ?? '0');
}
