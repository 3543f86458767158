/** The payments feature's public module: what other features may use (house style 9). */
export { INFLIGHT_PAYMENT_KEY, inflightPayment } from './inflightPayment';
export { isPayType, payForSheet, payingPath } from './payForSheet';
export { PaymentMethods } from './PaymentMethods';
export { PayNow } from './PayNow';
export { PayWithMethod } from './PayWithMethod';
export { paymentsApi, type PayType } from './paymentsApi';
export { PaymentResumeNotice } from './PaymentResumeNotice';
export { LaterPaymentResumeNotice } from './LaterPaymentResumeNotice';
export { SplitBill } from './splitBillLazy';
