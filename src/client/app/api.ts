/**
 * The one API slice. Features add their operations with
 * `api.injectEndpoints` in their own files (house style 1).
 */
import { createApi } from '@reduxjs/toolkit/query/react';
import { createGatewayBaseQuery } from './baseQuery';

export const api = createApi({
  reducerPath: 'api',
  baseQuery: createGatewayBaseQuery(),
  tagTypes: ['Shop', 'Params', 'Goods', 'Cart', 'Sheet', 'Orders', 'Member', 'Balance', 'Points', 'Coupons', 'Addresses', 'Payment', 'SoldOut'],
  endpoints: () => ({}),
});
