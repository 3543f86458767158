/**
 * The member's address book (SPEC section 7, VipAddress_*), the region tree
 * (Area_BatchAreaSelectGet_Get) and address resolution
 * (Common_AddressResolutionGet_Get). Wire rows become view types here
 * (house style 12).
 */
import { api } from '../../app/api';
import { answer, request, type AnswerOf, type RowOf } from '../../app/operation';
import { num, numberOrNull, text } from '../../app/rows';
import type { LocalNames } from '../../ui/localName';
import type { ChosenAddress } from '../../flows/addressChosen';
import { formatAddress } from '../../../shared/domain/addressFormat';
import type { Locale } from '../../app/uiSlice';

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

type AddressRow = AnswerOf<'VipAddress_VipAddressListByPage_Get'>['table1'][number];
export function toAddress(row: Partial<AddressRow> = {}): Address {
  return {
    AddressID: text(row.AddressID),
    CustName: text(row.CustName),
    CustPhone: text(row.CustPhone),
    AreaNo: text(row.AreaNo),
    Province: text(row.Province),
    City: text(row.City),
    District: text(row.District),
    MainAddress: text(row.MainAddress),
    HouseNumber: text(row.HouseNumber),
    GPS_Lng: numberOrNull(row.GPS_Lng),
    GPS_Lat: numberOrNull(row.GPS_Lat),
    IsDefault: num(row.IsDefault) === 1,
  };
}

/** An address on one line, in the reader's language, as its region writes addresses (the shared formatter, issue 23 item 7). */
export function addressLine(a: Pick<Address, 'Province' | 'City' | 'District' | 'MainAddress' | 'HouseNumber'>, locale: Locale): string {
  return formatAddress({ region: [a.Province, a.City, a.District], street: a.MainAddress, house: a.HouseNumber }, locale);
}

export const addressApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The member's addresses, the default first (the service's order). */
    addresses: build.query<Address[], void>({
      query: () => request('VipAddress_VipAddressListByPage_Get', [{ PageIndex: 1, PageSize: ADDRESS_PAGE_SIZE }]),
      providesTags: ['Addresses'],
      transformResponse: answer('VipAddress_VipAddressListByPage_Get', (r) => r.table1.map(toAddress)),
    }),
    /** Adds (no AddressID) or updates an address; refusals are shown on the form. */
    saveAddress: build.mutation<Address, AddressInput>({
      query: ({ AddressID, IsDefault, GPS_Lng, GPS_Lat, ...fields }) => {
        const row: RowOf<'VipAddress_VipAddressSubmit_Add'> = { ...fields, GPS_Lng: GPS_Lng ?? '', GPS_Lat: GPS_Lat ?? '', IsDefault: IsDefault ? 1 : 0 };
        return AddressID
          ? request('VipAddress_VipAddressSubmit_Update', [{ AddressID, ...row }], { silent: true })
          : request('VipAddress_VipAddressSubmit_Add', [row], { silent: true });
      },
      invalidatesTags: ['Addresses'],
      // The add and the update answer the same row.
      transformResponse: answer('VipAddress_VipAddressSubmit_Add', (r) => toAddress(r.table1[0])),
    }),
    deleteAddress: build.mutation<void, string>({
      query: (AddressID) => request('VipAddress_VipAddressSubmit_Delete', [{ AddressID }]),
      invalidatesTags: ['Addresses'],
      transformResponse: () => undefined,
    }),
    /** Every region of the picker (Macau, Hong Kong, Guangdong), top level first. */
    areas: build.query<Area[], void>({
      query: () => request('Area_BatchAreaSelectGet_Get', [{}]),
      keepUnusedDataFor: 3600,
      transformResponse: answer('Area_BatchAreaSelectGet_Get', (r) =>
        r.table1.map((row) => ({
          id: text(row.AreaID),
          parentId: text(row.ParentID),
          level: num(row.Level) || 1,
          names: { zh: text(row.AreaNameZH), tw: text(row.AreaNameTW), en: text(row.AreaNameEN) },
          hasChildren: num(row.HasChildren) === 1,
        })),
      ),
    }),
    /** A position (reverse) or an address text (forward) to a street; 'not resolved' is the caller's to show. */
    resolveAddress: build.query<Resolution, { GPS_Lng: number; GPS_Lat: number } | { Address: string }>({
      query: (where) => request('Common_AddressResolutionGet_Get', [where], { silent: true }),
      transformResponse: answer('Common_AddressResolutionGet_Get', (r) => {
        const row: Partial<(typeof r.table1)[number]> = r.table1[0] ?? {};
        return {
          RegionID: text(row.RegionID),
          Province: text(row.Province),
          City: text(row.City),
          District: text(row.District),
          MainAddress: text(row.MainAddress),
          streetNames: [row.MainAddressZH, row.MainAddressTW, row.MainAddressEN, row.MainAddress].map(text).filter(Boolean),
          GPS_Lng: Number(row.GPS_Lng),
          GPS_Lat: Number(row.GPS_Lat),
        };
      }),
    }),
  }),
});

export const { useAddressesQuery, useSaveAddressMutation, useDeleteAddressMutation, useAreasQuery, useLazyResolveAddressQuery } = addressApi;
