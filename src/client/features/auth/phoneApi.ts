/**
 * Phone operations (SPEC section 7): SMS codes, the calling codes, phone
 * sign-in (RegisterType 1) and a member's phone change. Wire rows are turned
 * into view types here (house style 12).
 */
import { api } from '../../app/api';
import type { ResultTables } from '../../../shared/protocol/envelope';
import type { LocalNames } from '../shop/shopSlice';
import type { Member } from './authSlice';

const s = (v: unknown) => (v == null ? '' : String(v));

/** A country or region the service can text (Phone_SMSAreaGet_Get). */
export interface CallingCode {
  areaNo: string;
  names: LocalNames;
  sort: number;
}

/** The service's answer to a code request: the normalised phone and its timers, in seconds. */
export interface CodeSent {
  areaNo: string;
  phone: string;
  expiresIn: number;
  resendIn: number;
}

/** The member as the phone pages need them. */
export interface MemberPhone extends Member {
  /** The number without its calling code; '' without one. */
  phone: string;
  areaNo: string;
}

/** What a code is for (the service's Purpose values; the SMS text differs). */
export type CodePurpose = 'login' | 'change';

export type SendCodeArgs = {
  Phone: string;
  AreaNo: string;
  Purpose: CodePurpose;
};

export type SignInByCodeArgs = {
  Phone: string;
  Code: string;
  AreaNo: string;
  ShopID: string;
  BaseID: string;
  /** A host's identity to link, proved by the service's access token. */
  OpenID?: string;
  MinaID?: string;
  AccessToken?: string;
  HeadImg?: string;
  VipName?: string;
  Sex?: number;
};

export type SubmitPhoneArgs = {
  VipID: string;
  Phone: string;
  Code: string;
  AreaNo: string;
  SourceType: 'VipPhoneVerify' | 'VipPhoneChange';
};

function toMemberPhone(data: ResultTables): MemberPhone {
  const row = data.table1?.[0] ?? {};
  return {
    VipID: s(row.VipID),
    VipName: s(row.VipName),
    isGuest: Number(row.IsGuest) === 1,
    phone: s(row.Phone),
    areaNo: s(row.AreaNo),
  };
}

/** What a new member's data may have changed: everything that belongs to the member. */
const MEMBER_TAGS = ['Member', 'Balance', 'Points', 'Coupons', 'Addresses', 'Orders'] as const;

export const phoneApi = api.injectEndpoints({
  endpoints: (build) => ({
    callingCodes: build.query<CallingCode[], void>({
      query: () => ({ op: 'Phone_SMSAreaGet_Get', rows: [{}] }),
      transformResponse: (data: ResultTables) =>
        (data.table1 ?? [])
          .map((row) => ({
            areaNo: s(row.AreaNo),
            names: { zh: s(row.AreaName), tw: s(row.AreaNameTW), en: s(row.AreaNameEN) },
            sort: Number(row.Sort) || 0,
          }))
          .filter((c) => c.areaNo)
          .sort((a, b) => a.sort - b.sort || a.areaNo.localeCompare(b.areaNo)),
    }),
    /** Texts a verification code. A refusal (wait N seconds, daily cap) is toasted by the error listener. */
    sendCode: build.mutation<CodeSent, SendCodeArgs>({
      query: (row) => ({ op: 'Phone_VerificationGet_V2_Add', rows: [row] }),
      transformResponse: (data: ResultTables) => {
        const row = data.table1?.[0] ?? {};
        return {
          areaNo: s(row.AreaNo),
          phone: s(row.Phone),
          expiresIn: Number(row.ExpiresIn) || 0,
          resendIn: Number(row.ResendIn) || 0,
        };
      },
    }),
    /** Phone and code sign-in (RegisterType 1): the member with that phone, or a new one; links a host's openid when given. */
    signInByCode: build.mutation<MemberPhone, SignInByCodeArgs>({
      query: (row) => ({
        op: 'EntVip_EntVipRegisterSubmit_V2_Add',
        rows: [{ RegisterType: 1, ...row }],
      }),
      invalidatesTags: (result) => (result ? [...MEMBER_TAGS] : []),
      transformResponse: toMemberPhone,
    }),
    /** The session's member with their phone. */
    memberPhone: build.query<MemberPhone, void>({
      query: () => ({ op: 'EntVip_EntVipDetailGet_V1_Get', rows: [{}] }),
      providesTags: ['Member'],
      transformResponse: toMemberPhone,
    }),
    /** Step 1 (VipPhoneVerify: the current phone's code) or step 2 (VipPhoneChange: the new phone's code) of a change. */
    submitPhone: build.mutation<MemberPhone, SubmitPhoneArgs>({
      query: (row) => ({ op: 'EntVip_EntVipPhoneSubmit_Add', rows: [row] }),
      invalidatesTags: (result, _error, arg) =>
        result && arg.SourceType === 'VipPhoneChange' ? ['Member'] : [],
      transformResponse: toMemberPhone,
    }),
  }),
});
