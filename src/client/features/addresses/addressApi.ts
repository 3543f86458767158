/**
 * The member's address book (SPEC section 7, VipAddress_*), the region tree
 * (Area_BatchAreaSelectGet_Get) and address resolution
 * (Common_AddressResolutionGet_Get). Wire rows become view types here
 * (house style 12).
 */
import { api } from '../../app/api';
import type { ResultRow, ResultTables } from '../../../shared/protocol/envelope';
import type { LocalNames } from '../../ui/localName';
import type { ChosenAddress } from '../../flows/addressChosen';

/** SPEC section 9: the address list is read in one page of 999. */
export const ADDRESS_PAGE_SIZE = 999;

/** An address of the book: what a chosen address carries (flows/addressChosen.ts), and whether it is the default. */
export interface Address extends ChosenAddress {
  IsDefault: boolean;
}

/** What a save sends: the address without its id for a new one. */
export type AddressInput = Omit<Address, 'AddressID'> & { AddressID?: string };

export interface Area {
  id: string;
  parentId: string;
  level: number;
  names: LocalNames;
  hasChildren: boolean;
}

export interface Resolution {
  RegionID: string;
  Province: string;
  City: string;
  District: string;
  MainAddress: string;
  /** The street's names in the three languages. */
  streetNames: string[];
  GPS_Lng: number;
  GPS_Lat: number;
}

const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const coord = (v: unknown) => (v === null || v === undefined || v === '' || !Number.isFinite(Number(v)) ? null : Number(v));

export function toAddress(row: ResultRow): Address {
  return {
    AddressID: s(row.AddressID),
    CustName: s(row.CustName),
    CustPhone: s(row.CustPhone),
    AreaNo: s(row.AreaNo),
    Province: s(row.Province),
    City: s(row.City),
    District: s(row.District),
    MainAddress: s(row.MainAddress),
    HouseNumber: s(row.HouseNumber),
    GPS_Lng: coord(row.GPS_Lng),
    GPS_Lat: coord(row.GPS_Lat),
    IsDefault: Number(row.IsDefault) === 1,
  };
}

/** The region and street of an address on one line. */
export function addressLine(a: Pick<Address, 'Province' | 'City' | 'District' | 'MainAddress' | 'HouseNumber'>): string {
  return [[a.Province, a.City, a.District].filter(Boolean).join(' '), a.MainAddress, a.HouseNumber].filter(Boolean).join(' ');
}

export const addressApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The member's addresses, the default first (the service's order). */
    addresses: build.query<Address[], void>({
      query: () => ({ op: 'VipAddress_VipAddressListByPage_Get', rows: [{ PageIndex: 1, PageSize: ADDRESS_PAGE_SIZE }] }),
      providesTags: ['Addresses'],
      transformResponse: (data: ResultTables) => (data.table1 ?? []).map(toAddress),
    }),
    /** Adds (no AddressID) or updates an address; refusals are shown on the form. */
    saveAddress: build.mutation<Address, AddressInput>({
      query: ({ AddressID, IsDefault, GPS_Lng, GPS_Lat, ...fields }) => ({
        op: AddressID ? 'VipAddress_VipAddressSubmit_Update' : 'VipAddress_VipAddressSubmit_Add',
        rows: [{ ...(AddressID ? { AddressID } : {}), ...fields, GPS_Lng: GPS_Lng ?? '', GPS_Lat: GPS_Lat ?? '', IsDefault: IsDefault ? 1 : 0 }],
        silent: true,
      }),
      invalidatesTags: ['Addresses'],
      transformResponse: (data: ResultTables) => toAddress(data.table1?.[0] ?? {}),
    }),
    deleteAddress: build.mutation<void, string>({
      query: (AddressID) => ({ op: 'VipAddress_VipAddressSubmit_Delete', rows: [{ AddressID }] }),
      invalidatesTags: ['Addresses'],
      transformResponse: () => undefined,
    }),
    /** Every region of the picker (Macau, Hong Kong, Guangdong), top level first. */
    areas: build.query<Area[], void>({
      query: () => ({ op: 'Area_BatchAreaSelectGet_Get', rows: [{}] }),
      keepUnusedDataFor: 3600,
      transformResponse: (data: ResultTables) =>
        (data.table1 ?? []).map((row) => ({
          id: s(row.AreaID),
          parentId: s(row.ParentID),
          level: Number(row.Level) || 1,
          names: { zh: s(row.AreaNameZH), tw: s(row.AreaNameTW), en: s(row.AreaNameEN) },
          hasChildren: Number(row.HasChildren) === 1,
        })),
    }),
    /** A position (reverse) or an address text (forward) to a street; 'not resolved' is the caller's to show. */
    resolveAddress: build.query<Resolution, { GPS_Lng: number; GPS_Lat: number } | { Address: string }>({
      query: (where) => ({ op: 'Common_AddressResolutionGet_Get', rows: [where], silent: true }),
      transformResponse: (data: ResultTables) => {
        const row = data.table1?.[0] ?? {};
        return {
          RegionID: s(row.RegionID),
          Province: s(row.Province),
          City: s(row.City),
          District: s(row.District),
          MainAddress: s(row.MainAddress),
          streetNames: [row.MainAddressZH, row.MainAddressTW, row.MainAddressEN, row.MainAddress].map(s).filter(Boolean),
          GPS_Lng: Number(row.GPS_Lng),
          GPS_Lat: Number(row.GPS_Lat),
        };
      },
    }),
  }),
});

export const { useAddressesQuery, useSaveAddressMutation, useDeleteAddressMutation, useAreasQuery, useLazyResolveAddressQuery } = addressApi;
