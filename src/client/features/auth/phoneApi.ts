/**
 * Phone operations (SPEC section 7): SMS codes, the calling codes, phone
 * sign-in (RegisterType 1) and a member's phone change. Wire rows are turned
 * into view types here (house style 12).
 */
import { api } from '../../app/api';
import { answer, request, type AnswerOf, type RowOf } from '../../app/operation';
import type { LocalNames } from '../../ui/localName';
import type { Member } from '../../session';

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

/** A code request: the catalogue's row, every field given. */
export type SendCodeArgs = Required<RowOf<'Phone_VerificationGet_V2_Add'>> & { Purpose: CodePurpose };

type RegisterRow = RowOf<'EntVip_EntVipRegisterSubmit_V2_Add'>;
/**
 * Phone sign-in: the register row without its type (1 here), the phone, code
 * and outlet given; a host's identity to link (OpenID, MinaID, proved by the
 * service's AccessToken) and its profile (HeadImg, VipName, Sex) optional.
 */
export type SignInByCodeArgs = Omit<RegisterRow, 'RegisterType' | 'Birthy'> & Required<Pick<RegisterRow, 'Phone' | 'Code' | 'AreaNo' | 'ShopID' | 'BaseID'>>;

/** A phone change step: the catalogue's row, every field given. */
export type SubmitPhoneArgs = Required<RowOf<'EntVip_EntVipPhoneSubmit_Add'>>;

type MemberAnswer = AnswerOf<'EntVip_EntVipDetailGet_V1_Get'>['table1'][number];

function toMemberPhone(row: MemberAnswer | undefined): MemberPhone {
  return {
    VipID: row?.VipID ?? '',
    VipName: row?.VipName ?? '',
    isGuest: row?.IsGuest === 1,
    phone: row?.Phone ?? '',
    areaNo: row?.AreaNo ?? '',
  };
}

/** What a new member's data may have changed: everything that belongs to the member. */
const MEMBER_TAGS = ['Member', 'Balance', 'Points', 'Coupons', 'Addresses', 'Orders'] as const;

export const phoneApi = api.injectEndpoints({
  endpoints: (build) => ({
    callingCodes: build.query<CallingCode[], void>({
      query: () => request('Phone_SMSAreaGet_Get', [{}]),
      transformResponse: answer('Phone_SMSAreaGet_Get', (r) =>
        r.table1
          .map((row) => ({
            areaNo: row.AreaNo,
            names: { zh: row.AreaName, tw: row.AreaNameTW, en: row.AreaNameEN },
            sort: row.Sort || 0,
          }))
          .filter((c) => c.areaNo)
          .sort((a, b) => a.sort - b.sort || a.areaNo.localeCompare(b.areaNo)),
      ),
    }),
    /** Texts a verification code. A refusal (wait N seconds, daily cap) is toasted by the error listener. */
    sendCode: build.mutation<CodeSent, SendCodeArgs>({
      query: (row) => request('Phone_VerificationGet_V2_Add', [row]),
      transformResponse: answer('Phone_VerificationGet_V2_Add', (r) => {
        const row = r.table1[0];
        return {
          areaNo: row?.AreaNo ?? '',
          phone: row?.Phone ?? '',
          expiresIn: row?.ExpiresIn || 0,
          resendIn: row?.ResendIn || 0,
        };
      }),
    }),
    /** Phone and code sign-in (RegisterType 1): the member with that phone, or a new one; links a host's openid when given. */
    signInByCode: build.mutation<MemberPhone, SignInByCodeArgs>({
      query: (row) => request('EntVip_EntVipRegisterSubmit_V2_Add', [{ RegisterType: 1, ...row }]),
      invalidatesTags: (result) => (result ? [...MEMBER_TAGS] : []),
      transformResponse: answer('EntVip_EntVipRegisterSubmit_V2_Add', (r) => toMemberPhone(r.table1[0])),
    }),
    /** The session's member with their phone. */
    memberPhone: build.query<MemberPhone, void>({
      query: () => request('EntVip_EntVipDetailGet_V1_Get', [{}]),
      providesTags: ['Member'],
      transformResponse: answer('EntVip_EntVipDetailGet_V1_Get', (r) => toMemberPhone(r.table1[0])),
    }),
    /** Step 1 (VipPhoneVerify: the current phone's code) or step 2 (VipPhoneChange: the new phone's code) of a change. */
    submitPhone: build.mutation<MemberPhone, SubmitPhoneArgs>({
      query: (row) => request('EntVip_EntVipPhoneSubmit_Add', [row]),
      invalidatesTags: (result, _error, arg) =>
        result && arg.SourceType === 'VipPhoneChange' ? ['Member'] : [],
      transformResponse: answer('EntVip_EntVipPhoneSubmit_Add', (r) => toMemberPhone(r.table1[0])),
    }),
  }),
});
