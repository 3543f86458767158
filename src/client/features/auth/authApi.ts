/** Sign-in operations. */
import { api } from '../../app/api';
import type { ResultTables } from '../../../shared/protocol/envelope';
import type { Member } from './authSlice';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    guestLogin: build.mutation<Member, { ShopID?: string; BaseID?: string }>({
      query: (row) => ({ op: 'EntVip_EntVipGuestLogin_Add', rows: [row] }),
      invalidatesTags: ['Member'],
      transformResponse: (data: ResultTables) => {
        const row = data.table1?.[0] ?? {};
        return { VipID: String(row.VipID ?? ''), VipName: String(row.VipName ?? ''), isGuest: Number(row.IsGuest) === 1 };
      },
    }),
    /** Who the session is: the member (or guest) behind the HttpOnly cookie, if any. */
    memberDetail: build.query<Member, void>({
      query: () => ({ op: 'EntVip_EntVipDetailGet_V1_Get', rows: [{}], silent: true }),
      providesTags: ['Member'],
      transformResponse: (data: ResultTables) => {
        const row = data.table1?.[0] ?? {};
        return { VipID: String(row.VipID ?? ''), VipName: String(row.VipName ?? ''), isGuest: Number(row.IsGuest) === 1 };
      },
    }),
  }),
});
