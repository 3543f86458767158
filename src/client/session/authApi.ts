/** Sign-in operations (SPEC section 7, "Member"). */
import { api } from '../app/api';
import { answer, request, type RowOf } from '../app/operation';
import type { Member } from './authSlice';

/** The member (or guest) rows of the sign-in answers, as the app keeps them. */
const toMember = (row: { VipID: string; VipName: string; IsGuest: number } | undefined): Member => ({
  VipID: row?.VipID ?? '',
  VipName: row?.VipName ?? '',
  isGuest: row?.IsGuest === 1,
});

/** The service's answer to a host's one-time code: who it is, and the service's token for that openid. */
export interface HostToken {
  openid: string;
  unionid: string;
  accessToken: string;
}

/** A host user's profile as the service keeps it (phone as 'area-number'). */
export interface HostUserInfo {
  openid: string;
  unionid: string;
  nickname: string;
  headimgurl: string;
  phone: string;
  sex: number;
}

/** A registration: the catalogue's register row (RegisterType 0, 1 or 2). */
export type RegisterArgs = RowOf<'EntVip_EntVipRegisterSubmit_V2_Add'> & {
  RegisterType: 0 | 1 | 2;
  /** True: a refusal is not toasted (the caller handles it). */
  silent?: boolean;
};

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    guestLogin: build.mutation<Member, Pick<RowOf<'EntVip_EntVipGuestLogin_Add'>, 'ShopID' | 'BaseID'>>({
      query: (row) => request('EntVip_EntVipGuestLogin_Add', [row]),
      invalidatesTags: ['Member'],
      transformResponse: answer('EntVip_EntVipGuestLogin_Add', (r) => toMember(r.table1[0])),
    }),
    /** Who the session is: the member (or guest) behind the HttpOnly cookie, if any. No session is an answer, not an error to act on. */
    memberDetail: build.query<Member, void>({
      query: () => request('EntVip_EntVipDetailGet_V1_Get', [{}], { silent: true, probe: true }),
      providesTags: ['Member'],
      transformResponse: answer('EntVip_EntVipDetailGet_V1_Get', (r) => toMember(r.table1[0])),
    }),
    /** A host's one-time code exchanged by the service (the food app's token; the code never leaves the service again). */
    hostAccessToken: build.mutation<HostToken, Required<RowOf<'EntVip_WebiteUserAccessToken_Get'>>>({
      query: (row) => request('EntVip_WebiteUserAccessToken_Get', [row], { silent: true }),
      transformResponse: answer('EntVip_WebiteUserAccessToken_Get', (r) => {
        const row = r.table1[0];
        return { openid: row?.openid ?? '', unionid: row?.unionid ?? '', accessToken: row?.accessToken ?? '' };
      }),
    }),
    hostUserInfo: build.mutation<HostUserInfo, RowOf<'EntVip_WebiteUserInfo_Get'>>({
      query: (row) => request('EntVip_WebiteUserInfo_Get', [row], { silent: true }),
      transformResponse: answer('EntVip_WebiteUserInfo_Get', (r) => {
        const row = r.table1[0];
        return {
          openid: row?.openid ?? '',
          unionid: row?.unionid ?? '',
          nickname: row?.nikeName ?? '',
          headimgurl: row?.pic ?? '',
          phone: row?.phone ?? '',
          sex: Number(row?.sex) || 0,
        };
      }),
    }),
    /** Signs in the member linked to an openid; no member is the refusal 40401 (ErrorCode.memberNotFound). */
    loginByOpenId: build.mutation<Member, Required<Pick<RowOf<'EntVip_EntVipLoginGet_V1_Get'>, 'OpenID' | 'MinaID' | 'AccessToken'>>>({
      query: (row) => request('EntVip_EntVipLoginGet_V1_Get', [{ ...row, LoginType: 0 }], { silent: true, probe: true }),
      invalidatesTags: ['Member'],
      transformResponse: answer('EntVip_EntVipLoginGet_V1_Get', (r) => toMember(r.table1[0])),
    }),
    /** Ends the session on the service (its row deleted, the HttpOnly cookie cleared): true when there was one. */
    signOut: build.mutation<boolean, void>({
      query: () => request('EntVip_EntVipLogout_Add', [{}], { silent: true }),
      transformResponse: answer('EntVip_EntVipLogout_Add', (r) => r.table1[0]?.SignedOut === 1),
    }),
    register: build.mutation<Member, RegisterArgs>({
      query: ({ silent, ...row }) => request('EntVip_EntVipRegisterSubmit_V2_Add', [row], { silent }),
      invalidatesTags: ['Member'],
      transformResponse: answer('EntVip_EntVipRegisterSubmit_V2_Add', (r) => toMember(r.table1[0])),
    }),
  }),
});
