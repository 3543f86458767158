/**
 * The member's own profile (SPEC sections 3 and 7): the details
 * (EntVip_EntVipDetailGet_V1_Get), saving them (EntVip_EntVipSubmit_Update)
 * and an object name with a signed upload policy for a new avatar
 * (File_BatchFileNameGet_Add). Wire rows become view types here (house
 * style 12); the avatar's object key is resolved against the enterprise's
 * picture domain (OssCustomerDomain), which is the query's argument.
 */
import { api } from '../app/api';
import { useAppSelector } from '../app/hooks';
import { answer, request, type AnswerOf, type RowOf } from '../app/operation';
import { decimal, num, text } from '../app/rows';
import { ossUrl } from '../ui/ossUrl';
import { selectEntity } from './shopSlice';

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

/** What a profile save sends: the catalogue's fields of EntVip_EntVipSubmit_Update. */
export type ProfileChanges = RowOf<'EntVip_EntVipSubmit_Update'>;

/** An upload's file as File_BatchFileNameGet_Add takes it; the app names one of its two folders. */
export type FileNameRequest = RowOf<'File_BatchFileNameGet_Add'> & { ClassID: 'UserHeadImg' | 'EntCert' };

/**
 * A signed upload policy, as the catalogue types File_BatchFileNameGet_Add's
 * row (uploadTicketRow): POST the file as multipart to UploadUrl with these
 * fields (see avatarUpload.ts); FileName is the object key, the form's `key`
 * and afterwards the HeadImg. The policy's Expiration is not kept.
 */
export type UploadTicket = Omit<AnswerOf<'File_BatchFileNameGet_Add'>['table1'][number], 'Expiration'>;

type MemberRow = AnswerOf<'EntVip_EntVipDetailGet_V1_Get'>['table1'][number];

export function toMemberProfile(data: { table1: MemberRow[] }, ossDomain: string): MemberProfile {
  const row: Partial<MemberRow> = data.table1[0] ?? {};
  const headImg = text(row.HeadImg);
  return {
    VipID: text(row.VipID),
    VipName: text(row.VipName),
    Sex: num(row.Sex),
    HeadImg: headImg,
    headImgUrl: ossUrl(ossDomain, headImg),
    Phone: text(row.Phone),
    AreaNo: text(row.AreaNo),
    Birthy: text(row.Birthy),
    VipCode: text(row.VipCode),
    Balance: decimal(row.Balance),
    Score: decimal(row.Score),
    CouponCount: num(row.CouponCount),
    isGuest: num(row.IsGuest) === 1,
    MemberCode: text(row.MemberCode),
    MemberCodeExpiresIn: num(row.MemberCodeExpiresIn),
  };
}

export const memberApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in member's (or guest's) details; the argument is the picture domain. */
    memberProfile: build.query<MemberProfile, string>({
      query: () => request('EntVip_EntVipDetailGet_V1_Get', [{}]),
      // The figures on Mine: a payment, top-up, refund or coupon use invalidates them (issue 13 item 9).
      providesTags: ['Member', 'Balance', 'Points', 'Coupons'],
      transformResponse: answer('EntVip_EntVipDetailGet_V1_Get', toMemberProfile),
    }),
    updateProfile: build.mutation<{ VipName: string }, ProfileChanges>({
      query: (changes) => request('EntVip_EntVipSubmit_Update', [changes]),
      invalidatesTags: ['Member'],
      transformResponse: answer('EntVip_EntVipSubmit_Update', (r) => ({ VipName: text(r.table1[0]?.VipName) })),
    }),
    fileName: build.mutation<UploadTicket, FileNameRequest>({
      query: (file) => request('File_BatchFileNameGet_Add', [file]),
      transformResponse: answer('File_BatchFileNameGet_Add', (r) => {
        const row: Partial<(typeof r.table1)[number]> = r.table1[0] ?? {};
        return {
          FileName: text(row.FileName),
          UploadUrl: text(row.UploadUrl),
          Policy: text(row.Policy),
          OSSAccessKeyId: text(row.OSSAccessKeyId),
          Signature: text(row.Signature),
          SuccessActionStatus: text(row.SuccessActionStatus) || '200',
        };
      }),
    }),
  }),
});

export const { useUpdateProfileMutation, useFileNameMutation } = memberApi;

/** The member's profile on the enterprise's picture domain. */
export function useMemberProfile(options: { skip?: boolean; refetchOnMountOrArgChange?: boolean } = {}) {
  const entity = useAppSelector(selectEntity);
  return memberApi.useMemberProfileQuery(entity?.OssCustomerDomain || '/oss/', options);
}
