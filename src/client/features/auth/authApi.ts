/** Sign-in operations (SPEC section 7, "Member"). */
import { api } from '../../app/api';
import type { ResultTables } from '../../../shared/protocol/envelope';
import type { Member } from './authSlice';

const toMember = (data: ResultTables): Member => {
  const row = data.table1?.[0] ?? {};
  return {
    VipID: String(row.VipID ?? ''),
    VipName: String(row.VipName ?? ''),
    isGuest: Number(row.IsGuest) === 1,
  };
};

const s = (v: unknown) => (v == null ? '' : String(v));

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

export interface RegisterArgs {
  RegisterType: 0 | 1 | 2;
  Phone?: string;
  Code?: string;
  AreaNo?: string;
  OpenID?: string;
  MinaID?: string;
  AccessToken?: string;
  HeadImg?: string;
  VipName?: string;
  Sex?: number;
  ShopID?: string;
  BaseID?: string;
  /** True: a refusal is not toasted (the caller handles it). */
  silent?: boolean;
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    guestLogin: build.mutation<Member, { ShopID?: string; BaseID?: string }>({
      query: (row) => ({ op: 'EntVip_EntVipGuestLogin_Add', rows: [row] }),
      invalidatesTags: ['Member'],
      transformResponse: toMember,
    }),
    /** Who the session is: the member (or guest) behind the HttpOnly cookie, if any. No session is an answer, not an error to act on. */
    memberDetail: build.query<Member, void>({
      query: () => ({ op: 'EntVip_EntVipDetailGet_V1_Get', rows: [{}], silent: true, probe: true }),
      providesTags: ['Member'],
      transformResponse: toMember,
    }),
    /** A host's one-time code exchanged by the service (the food app's token; the code never leaves the service again). */
    hostAccessToken: build.mutation<
      HostToken,
      { Code: string; Provider: 'chat' | 'mpay' | 'alipay' | 'foodapp' }
    >({
      query: (row) => ({ op: 'EntVip_WebiteUserAccessToken_Get', rows: [row], silent: true }),
      transformResponse: (data: ResultTables) => {
        const row = data.table1?.[0] ?? {};
        return { openid: s(row.openid), unionid: s(row.unionid), accessToken: s(row.accessToken) };
      },
    }),
    hostUserInfo: build.mutation<HostUserInfo, { AccessToken: string; OpenID: string }>({
      query: (row) => ({ op: 'EntVip_WebiteUserInfo_Get', rows: [row], silent: true }),
      transformResponse: (data: ResultTables) => {
        const row = data.table1?.[0] ?? {};
        return {
          openid: s(row.openid),
          unionid: s(row.unionid),
          nickname: s(row.nikeName),
          headimgurl: s(row.pic),
          phone: s(row.phone),
          sex: Number(row.sex) || 0,
        };
      },
    }),
    /** Signs in the member linked to an openid; no member is the refusal 40401 (ErrorCode.memberNotFound). */
    loginByOpenId: build.mutation<Member, { OpenID: string; MinaID: string; AccessToken: string }>({
      query: (row) => ({
        op: 'EntVip_EntVipLoginGet_V1_Get',
        rows: [{ ...row, LoginType: 0 }],
        silent: true,
        probe: true,
      }),
      invalidatesTags: ['Member'],
      transformResponse: toMember,
    }),
    register: build.mutation<Member, RegisterArgs>({
      query: ({ silent, ...row }) => ({
        op: 'EntVip_EntVipRegisterSubmit_V2_Add',
        rows: [row],
        silent,
      }),
      invalidatesTags: ['Member'],
      transformResponse: toMember,
    }),
  }),
});
