/**
 * The member's own profile (SPEC sections 3 and 7): the details
 * (EntVip_EntVipDetailGet_V1_Get), saving them (EntVip_EntVipSubmit_Update)
 * and an object name with a signed upload policy for a new avatar
 * (File_BatchFileNameGet_Add). Wire rows become view types here (house
 * style 12); the avatar's object key is resolved against the enterprise's
 * picture domain (OssCustomerDomain), which is the query's argument.
 */
import { api } from '../../app/api';
import { useAppSelector } from '../../app/hooks';
import type { ResultTables } from '../../../shared/protocol/envelope';
import { ossUrl } from '../../ui/money';
import { selectEntity } from '../shop';

/** Sex as the service stores it: 0 not given, 1 female, 2 male (schemas.ts memberRow). */
export const Sex = { unknown: 0, female: 1, male: 2 } as const;

export interface MemberProfile {
  VipID: string;
  VipName: string;
  Sex: number;
  /** The avatar's object key ('' without one): what EntVip_EntVipSubmit_Update takes. */
  HeadImg: string;
  /** The avatar's URL on the picture domain ('' without one). */
  headImgUrl: string;
  Phone: string;
  AreaNo: string;
  /** 'YYYY-MM-DD' or ''. */
  Birthy: string;
  VipCode: string;
  /** Decimal strings, as the service sends them. */
  Balance: string;
  Score: string;
  CouponCount: number;
  isGuest: boolean;
  /** The code a counter scans ('' for a guest, or when the service issues none); a new one each minute. */
  MemberCode: string;
  /** Seconds until MemberCode changes (0 without a code). */
  MemberCodeExpiresIn: number;
}

export type ProfileChanges = {
  VipName?: string;
  Sex?: number;
  HeadImg?: string;
  Birthy?: string;
};

export type FileNameRequest = {
  ClassID: 'UserHeadImg' | 'EntCert';
  FileName: string;
  FileSize: number;
  FileType: string;
  ImgWidth?: number;
  ImgHeight?: number;
  SourceName?: string;
};

/** A signed upload policy: POST the file as multipart to `uploadUrl` with these fields (see avatarUpload.ts). */
export interface UploadTicket {
  /** The object key: the form's `key`, and afterwards the HeadImg. */
  FileName: string;
  UploadUrl: string;
  Policy: string;
  OSSAccessKeyId: string;
  Signature: string;
  SuccessActionStatus: string;
}

const s = (v: unknown) => (v === undefined || v === null ? '' : String(v));
const n = (v: unknown) => (Number.isFinite(Number(v)) ? Number(v) : 0);

export function toMemberProfile(data: ResultTables, ossDomain: string): MemberProfile {
  const row = data.table1?.[0] ?? {};
  const headImg = s(row.HeadImg);
  return {
    VipID: s(row.VipID),
    VipName: s(row.VipName),
    Sex: n(row.Sex),
    HeadImg: headImg,
    headImgUrl: ossUrl(ossDomain, headImg),
    Phone: s(row.Phone),
    AreaNo: s(row.AreaNo),
    Birthy: s(row.Birthy),
    VipCode: s(row.VipCode),
    Balance: s(row.Balance) || '0',
    Score: s(row.Score) || '0',
    CouponCount: n(row.CouponCount),
    isGuest: n(row.IsGuest) === 1,
    MemberCode: s(row.MemberCode),
    MemberCodeExpiresIn: n(row.MemberCodeExpiresIn),
  };
}

export const memberApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in member's (or guest's) details; the argument is the picture domain. */
    memberProfile: build.query<MemberProfile, string>({
      query: () => ({ op: 'EntVip_EntVipDetailGet_V1_Get', rows: [{}] }),
      // The figures on Mine: a payment, top-up, refund or coupon use invalidates them (issue 13 item 9).
      providesTags: ['Member', 'Balance', 'Points', 'Coupons'],
      transformResponse: (data: ResultTables, _meta, ossDomain) => toMemberProfile(data, ossDomain),
    }),
    updateProfile: build.mutation<{ VipName: string }, ProfileChanges>({
      query: (changes) => ({ op: 'EntVip_EntVipSubmit_Update', rows: [changes] }),
      invalidatesTags: ['Member'],
      transformResponse: (data: ResultTables) => ({ VipName: s(data.table1?.[0]?.VipName) }),
    }),
    fileName: build.mutation<UploadTicket, FileNameRequest>({
      query: (request) => ({ op: 'File_BatchFileNameGet_Add', rows: [request] }),
      transformResponse: (data: ResultTables) => {
        const row = data.table1?.[0] ?? {};
        return {
          FileName: s(row.FileName),
          UploadUrl: s(row.UploadUrl),
          Policy: s(row.Policy),
          OSSAccessKeyId: s(row.OSSAccessKeyId),
          Signature: s(row.Signature),
          SuccessActionStatus: s(row.SuccessActionStatus) || '200',
        };
      },
    }),
  }),
});

export const { useUpdateProfileMutation, useFileNameMutation } = memberApi;

/** The member's profile on the enterprise's picture domain. */
export function useMemberProfile(options: { skip?: boolean; refetchOnMountOrArgChange?: boolean } = {}) {
  const entity = useAppSelector(selectEntity);
  return memberApi.useMemberProfileQuery(entity?.OssCustomerDomain || '/oss/', options);
}
