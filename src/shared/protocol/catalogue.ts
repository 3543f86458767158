/**
 * The operation catalogue: every operation of SPEC section 7, with its service
 * type (HBBWSType) and who may call it. Payload and result schemas live beside
 * it in ./schemas, keyed by the same names and checked complete by the
 * compiler; this file stays free of them so the app's first screen does not
 * download every schema.
 *
 * Roles: 'anyone' needs no session; 'session' needs a signed-in guest or
 * member; 'member' needs a registered member; 'staff' is the counter's.
 */
import { ServiceType, type ServiceTypeNumber } from './envelope';

export type Role = 'anyone' | 'session' | 'member' | 'staff';

export interface CatalogueEntry {
  readonly service: ServiceTypeNumber;
  readonly role: Role;
}

const { service, bank, file, retail, common } = ServiceType;

const entry = (s: ServiceTypeNumber, role: Role): CatalogueEntry => ({ service: s, role });

export const catalogue = {
  // Common
  Enterprise_EntIDByIDGet_Get: entry(common, 'anyone'),
  Common_ServiceLinkGet_Get: entry(common, 'anyone'),

  // Retail
  PosSalSheet_ShopBaseDetailGet_Get: entry(retail, 'anyone'),
  PosSalSheet_NewCYSendSheetSubmit_Add: entry(retail, 'session'),
  PosSalSheet_CYSettleSheetMergeDetailGet_V6_Get: entry(retail, 'session'),
  PosSalSheet_CYSettleSheetSubmit_V2_Add: entry(retail, 'session'),
  PosSalSheet_CYPosSalSheetSubmit_Add: entry(retail, 'session'),
  PosSalSheet_PosSalSheetSubmit_V9_Add: entry(retail, 'session'),
  PosSalSheet_PosSalSheetDetailGet_V2_Get: entry(retail, 'anyone'),
  PosSalSheet_PosSalSheetCloseSubmit_V5_Add: entry(retail, 'session'),
  PosSalSheet_PosSalSheetListByPage_V4_Get: entry(retail, 'session'),
  PosSalSheet_PosSalSheetAcctSubmit_V9_Add: entry(retail, 'member'),
  PosSalSheet_PosSalSheetIsPayLaterSubmit_V2_Update: entry(retail, 'session'),
  PosSalSheet_ReceiptMailSubmit_Add: entry(retail, 'session'),
  PosSalSheet_ReceiptMailPrefGet_Get: entry(retail, 'session'),
  ExpressDtbSheet_ExpressDtbSheetDetailGet_Get: entry(retail, 'session'),
  Promote_AvailablePromoteGoodsGet_Get: entry(retail, 'anyone'),
  Table_BaseTablesListByPage_Get: entry(retail, 'anyone'),
  FreightRule_FreightRuleGet_Get: entry(retail, 'anyone'),
  Phone_VerificationGet_V2_Add: entry(retail, 'anyone'),

  // Member
  EntVip_EntVipLoginGet_V1_Get: entry(service, 'anyone'),
  EntVip_EntVipPhoneSubmit_Add: entry(service, 'member'),
  EntVip_EntVipRegisterSubmit_V2_Add: entry(service, 'anyone'),
  EntVip_EntVipGuestLogin_Add: entry(service, 'anyone'),
  EntVip_EntVipLogout_Add: entry(service, 'anyone'),
  EntVip_WebiteUserAccessToken_Get: entry(service, 'anyone'),
  EntVip_WebiteUserInfo_Get: entry(service, 'anyone'),
  EntVip_EntVipDetailGet_V1_Get: entry(service, 'session'),
  EntVip_EntVipScoreItemsByPage_V1_Get: entry(service, 'member'),
  EntVip_EntVipSubmit_Update: entry(service, 'member'),
  VipAddress_VipAddressListByPage_Get: entry(service, 'member'),
  VipAddress_VipAddressSubmit_Add: entry(service, 'member'),
  VipAddress_VipAddressDetailGet_Get: entry(service, 'member'),
  VipAddress_VipAddressSubmit_Update: entry(service, 'member'),
  VipAddress_VipAddressSubmit_Delete: entry(service, 'member'),

  // Favourites (issue 29 section 1)
  VipFavorite_VipFavoriteGoodsListGet_Get: entry(service, 'member'),
  VipFavorite_VipFavoriteGoodsSubmit_Update: entry(service, 'member'),

  // Recharge
  VipRecharge_VipRechargeRuleListByPage_Get: entry(service, 'anyone'),
  VipRecharge_VipAccountRechargeSumbit_V3_Add: entry(service, 'member'),
  VipRecharge_EntVipAccountItemsListByPage_V2_Get: entry(service, 'member'),
  VipRecharge_VipAccountRechargeStatus_V3_Get: entry(service, 'member'),

  // Coupons
  EntCard_EntCardPlanList_Get: entry(service, 'anyone'),
  EntCard_ProvideVipCard_Add: entry(service, 'member'),
  EntCard_VipCardList_Get: entry(service, 'member'),
  EntCard_CardDetailGet_V1_Get: entry(service, 'member'),
  EntCard_ScreenVipAailableCard_V2_Get: entry(service, 'member'),
  EntCard_VipEntCardPlanDetail_Get: entry(service, 'anyone'),
  EntCard_ProvideVipCardDetail_Add: entry(service, 'member'),
  EntCard_NYHVipCardQueryVerification_Add: entry(service, 'member'),
  EntCard_NYHVipCardVerification_Update: entry(service, 'member'),

  // Service
  SysParm_EntSysParmGet_Get: entry(service, 'anyone'),
  SysParm_BaseParmGet_Get: entry(service, 'anyone'),
  Base_BaseInfoByGPSGet_Get: entry(service, 'anyone'),
  HBBPos_AllGoodsClassGet_Get: entry(service, 'anyone'),
  HBBPos_GoodsClass_GoodsList_V9_Get: entry(service, 'anyone'),
  EShop_GoodsDetailGet_V2_Get: entry(service, 'anyone'),
  HBBPos_GoodsBomList_V3_Get: entry(service, 'anyone'),
  Cust_GmGoodsChargingListGet_V1_Get: entry(service, 'anyone'),
  Goods_GoodsShopHomeGoodsByPage_Get: entry(service, 'anyone'),
  HBBPos_ShopGoodsBaseGet_Get: entry(service, 'anyone'),
  Shop_ShopInfoByPage_Get: entry(service, 'anyone'),
  Phone_SMSAreaGet_Get: entry(service, 'anyone'),
  EShop_EShopShopPageGet_Get: entry(service, 'anyone'),
  Common_AddressResolutionGet_Get: entry(service, 'anyone'),
  Area_BatchAreaSelectGet_Get: entry(service, 'anyone'),
  Setting_SetHelpFeedbackAddSubmit_Add: entry(service, 'anyone'),

  // Bank
  Finance_EntShopAccountGet_V2_Get: entry(bank, 'session'),
  Finance_PosPaySubmit_V5_Add: entry(bank, 'session'),
  Finance_PaySubmit_V2_Update: entry(bank, 'session'),
  Finance_GetUserPayInfo_Get: entry(bank, 'session'),

  // File
  File_BatchFileNameGet_Add: entry(file, 'member'),

  // The table together (issue 28): a scanned diner's (operations/table)
  TableCart_TableCartGet_Get: entry(retail, 'session'),
  TableCart_TableCartLineSet_Update: entry(retail, 'session'),
  TableCall_TableCallSubmit_Add: entry(retail, 'session'),
  TableCall_TableCallGet_Get: entry(retail, 'session'),
} as const satisfies Record<string, CatalogueEntry>;

export type OperationName = keyof typeof catalogue;

export function isOperationName(name: string): name is OperationName {
  return Object.prototype.hasOwnProperty.call(catalogue, name);
}
