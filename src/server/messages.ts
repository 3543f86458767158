/**
 * The service's own messages, in the three languages of the app. The caller's
 * language comes from the Accept-Language header the app sends (its chosen
 * interface language), falling back to English.
 */
export type Lang = 'zh-CN' | 'zh-TW' | 'en';

const M = {
  invalidQrCode: { en: 'Invalid QR Code', 'zh-CN': '无效的二维码', 'zh-TW': '無效的二維碼' },
  qrCodeInvalid: { en: 'The QR code is invalid', 'zh-CN': '二维码已失效', 'zh-TW': '二維碼已失效' },
  tableNotFound: { en: 'Table No. not found.', 'zh-CN': '找不到桌号。', 'zh-TW': '找不到桌號。' },
  shopNotFound: { en: 'The shop does not exist', 'zh-CN': '店铺不存在', 'zh-TW': '店鋪不存在' },
  baseNotFound: { en: 'The outlet does not exist', 'zh-CN': '门店不存在', 'zh-TW': '門店不存在' },
  sheetNotFound: { en: 'The order does not exist', 'zh-CN': '订单不存在', 'zh-TW': '訂單不存在' },
  entNotFound: { en: 'The merchant does not exist', 'zh-CN': '商户不存在', 'zh-TW': '商戶不存在' },
  goodsNotFound: { en: 'This item is no longer on the menu', 'zh-CN': '该商品已下架', 'zh-TW': '該商品已下架' },
  loginRequired: {
    en: 'Operation not allowed without logging-in.',
    'zh-CN': '未登录不允许操作。',
    'zh-TW': '未登入不允許操作。',
  },
  memberRequired: {
    en: 'Please sign in as a member first.',
    'zh-CN': '请先登录会员。',
    'zh-TW': '請先登入會員。',
  },
  notSupported: {
    en: 'This operation is not supported yet: {name}',
    'zh-CN': '暂不支持此操作：{name}',
    'zh-TW': '暫不支援此操作：{name}',
  },
  internal: {
    en: 'The service had a problem. Please try again.',
    'zh-CN': '服务出现问题，请重试。',
    'zh-TW': '服務出現問題，請重試。',
  },
  // Payments (operations/payments/handlers.ts)
  paymentNotLinked: {
    en: 'Payment account has not been linked to this shop yet.',
    'zh-CN': '该店铺尚未绑定收款账户。',
    'zh-TW': '該店鋪尚未綁定收款帳戶。',
  },
  paymentMethodUnavailable: {
    en: 'This payment method is not available for this shop.',
    'zh-CN': '该店铺不支持此支付方式。',
    'zh-TW': '該店鋪不支援此付款方式。',
  },
  paymentAmountMismatch: {
    en: 'The amount to pay is {amount}. Please check the order and pay again.',
    'zh-CN': '应付金额为 {amount}，请核对订单后重新支付。',
    'zh-TW': '應付金額為 {amount}，請核對訂單後重新付款。',
  },
  // Issue 28: split bills, tips.
  shareInvalid: {
    en: 'Choose at least one share to pay.',
    'zh-CN': '请至少选择支付一份。',
    'zh-TW': '請至少選擇支付一份。',
  },
  sharesOutOfRange: {
    en: 'A bill can be split between 2 and 20 people.',
    'zh-CN': '账单可由 2 至 20 人平分。',
    'zh-TW': '帳單可由 2 至 20 人平分。',
  },
  sharesTooMany: {
    en: 'Only {left} of the {of} shares are left to pay.',
    'zh-CN': '{of} 份中只剩 {left} 份未付。',
    'zh-TW': '{of} 份中只剩 {left} 份未付。',
  },
  amountInvalid: {
    en: 'Enter an amount above zero.',
    'zh-CN': '请输入大于零的金额。',
    'zh-TW': '請輸入大於零的金額。',
  },
  amountAboveRest: {
    en: 'The amount is more than the {rest} left to pay.',
    'zh-CN': '金额超过了尚未支付的 {rest}。',
    'zh-TW': '金額超過了尚未支付的 {rest}。',
  },
  unitsInvalid: {
    en: 'Choose items on this bill to pay.',
    'zh-CN': '请选择本账单上要支付的菜品。',
    'zh-TW': '請選擇本帳單上要支付的菜品。',
  },
  unitsTaken: {
    en: 'Someone else is paying or has paid: {items}. Your choice now comes to {amount}.',
    'zh-CN': '以下菜品已有人支付：{items}。您的选择现为 {amount}。',
    'zh-TW': '以下菜品已有人付款：{items}。您的選擇現為 {amount}。',
  },
  nothingLeftToPay: {
    en: 'Nothing is left to pay: the rest of the bill is being paid.',
    'zh-CN': '已无待付金额：其余账单正在支付中。',
    'zh-TW': '已無待付金額：其餘帳單正在付款中。',
  },
  partOnlyAtTable: {
    en: 'Only a table\'s bill can be split.',
    'zh-CN': '只有餐桌账单可以分开支付。',
    'zh-TW': '只有餐桌帳單可以分開付款。',
  },
  tipUnavailable: {
    en: 'This restaurant does not take tips.',
    'zh-CN': '本店不收小费。',
    'zh-TW': '本店不收小費。',
  },
  tipTooHigh: {
    en: 'A tip can be at most {max}.',
    'zh-CN': '小费最多为 {max}。',
    'zh-TW': '小費最多為 {max}。',
  },
  sheetAlreadyPaid: {
    en: 'This order has already been paid.',
    'zh-CN': '该订单已支付。',
    'zh-TW': '該訂單已付款。',
  },
  sheetNotPayable: {
    en: 'This order can no longer be paid.',
    'zh-CN': '该订单已无法支付。',
    'zh-TW': '該訂單已無法付款。',
  },
  paymentPending: {
    en: 'A payment for this order is in progress. Please finish or cancel it first.',
    'zh-CN': '该订单有一笔支付正在进行，请先完成或取消。',
    'zh-TW': '該訂單有一筆付款正在進行，請先完成或取消。',
  },
  insufficientBalance: {
    en: 'Your balance of {balance} is not enough to pay {amount}.',
    'zh-CN': '您的余额 {balance} 不足以支付 {amount}。',
    'zh-TW': '您的餘額 {balance} 不足以支付 {amount}。',
  },
  paymentNotFound: { en: 'The payment does not exist', 'zh-CN': '支付记录不存在', 'zh-TW': '付款記錄不存在' },
  // E-receipts (operations/orders/receiptMail.ts, issue 29).
  receiptEmailInvalid: {
    en: 'Please enter a valid email address, e.g. name@example.com.',
    'zh-CN': '请输入有效的电邮地址，例如 name@example.com。',
    'zh-TW': '請輸入有效的電郵地址，例如 name@example.com。',
  },
  receiptNotPaid: {
    en: 'The receipt can be sent once the order is paid.',
    'zh-CN': '订单付款后才能发送收据。',
    'zh-TW': '訂單付款後才能發送收據。',
  },
  favouritesFull: {
    en: 'You can keep at most {count} favourites. Remove one to add another.',
    'zh-CN': '收藏最多 {count} 个，请先移除一个再添加。',
    'zh-TW': '收藏最多 {count} 個，請先移除一個再新增。',
  },
  receiptMailTooMany: {
    en: 'This receipt has been sent {count} times in the last hour. Please try again later.',
    'zh-CN': '此收据在过去一小时内已发送 {count} 次，请稍后再试。',
    'zh-TW': '此收據在過去一小時內已發送 {count} 次，請稍後再試。',
  },
  receiptUnavailable: {
    en: 'The receipt of this order cannot be made now. Please ask our staff.',
    'zh-CN': '暂时无法生成此订单的收据，请联系店员。',
    'zh-TW': '暫時無法生成此訂單的收據，請聯絡店員。',
  },
  payLaterUnavailable: {
    en: 'Only an unpaid order can be paid later.',
    'zh-CN': '只有未支付的订单可以稍后付款。',
    'zh-TW': '只有未付款的訂單可以稍後付款。',
  },
  payLaterAtTable: {
    en: 'Paying on delivery or at the counter is not offered at a table: pay online, or ask our staff to check out.',
    'zh-CN': '堂食不提供货到或到店付款：请在线支付，或请店员结账。',
    'zh-TW': '堂食不提供貨到或到店付款：請在線付款，或請店員結賬。',
  },
  cannotCancel: {
    en: 'This order can no longer be cancelled',
    'zh-CN': '该订单已无法取消',
    'zh-TW': '該訂單已無法取消',
  },
  refundFailed: {
    en: 'The refund could not be made. Please try again or call our staff.',
    'zh-CN': '退款未能完成，请重试或联系店员。',
    'zh-TW': '退款未能完成，請重試或聯絡店員。',
  },
  tooMany: {
    en: 'Too many requests. Please wait a moment and try again.',
    'zh-CN': '请求过于频繁，请稍后再试。',
    'zh-TW': '請求過於頻繁，請稍後再試。',
  },
  busy: {
    en: 'We are very busy right now. Please try again in a moment.',
    'zh-CN': '当前繁忙，请稍后再试。',
    'zh-TW': '目前繁忙，請稍後再試。',
  },
  // Orders (operations/orders/handlers.ts, operations/orders/*)
  storeClosed: { en: 'Store is not opened now.', 'zh-CN': '店铺现在未营业。', 'zh-TW': '店鋪現在未營業。' },
  orderWindowElapsed: {
    en: 'The ordering time for this table has ended. Please ask our staff for help.',
    'zh-CN': '此餐桌的点餐时间已结束，请联系店员。',
    'zh-TW': '此餐桌的點餐時間已結束，請聯絡店員。',
  },
  sheetClosed: {
    en: 'This order has been closed and cannot be changed.',
    'zh-CN': '此订单已关闭，不能再修改。',
    'zh-TW': '此訂單已關閉，不能再修改。',
  },
  sheetPaid: {
    en: 'This order has been paid and cannot be changed.',
    'zh-CN': '此订单已付款，不能再修改。',
    'zh-TW': '此訂單已付款，不能再修改。',
  },
  sheetSettling: {
    en: 'The bill of this table is being settled. No more rounds can be added.',
    'zh-CN': '此餐桌正在结账，不能再加单。',
    'zh-TW': '此餐桌正在結賬，不能再加單。',
  },
  soldOutItem: { en: 'Sold out: {name}', 'zh-CN': '已售罄：{name}', 'zh-TW': '已售罄：{name}' },
  notSoldHere: { en: 'Not sold at this outlet: {name}', 'zh-CN': '本门店不供应：{name}', 'zh-TW': '本門店不供應：{name}' },
  priceChanged: {
    en: 'The prices have changed. Please review your cart. The total is now {total}.',
    'zh-CN': '价格已变动，请检查购物车。现在合计 {total}。',
    'zh-TW': '價格已變動，請檢查購物車。現在合計 {total}。',
  },
  settleTotalChanged: {
    en: 'The bill has changed. Please review it. The total is now {total}.',
    'zh-CN': '账单已变动，请重新查看。现在合计 {total}。',
    'zh-TW': '賬單已變動，請重新查看。現在合計 {total}。',
  },
  localSheetIdReused: {
    en: 'This order was already placed with different contents. Please review your cart and place it again.',
    'zh-CN': '此订单已以不同内容提交过，请检查购物车后重新下单。',
    'zh-TW': '此訂單已以不同內容提交過，請檢查購物車後重新下單。',
  },
  choicesChanged: {
    en: 'The choices of {name} have changed. Please choose again.',
    'zh-CN': '{name} 的选项已变更，请重新选择。',
    'zh-TW': '{name} 的選項已變更，請重新選擇。',
  },
  /** A bundle group's parts outside its limits (operations/orders/lines.ts partsOfLine): from min to max, exactly max, or up to max. */
  bundleChoices: {
    en: 'The choices of {name} have changed: choose {min} to {max} in {group}. Please choose again.',
    'zh-CN': '{name} 的选项已变更：{group}请选 {min} 至 {max} 项，请重新选择。',
    'zh-TW': '{name} 的選項已變更：{group}請選 {min} 至 {max} 項，請重新選擇。',
  },
  bundleChoicesExactly: {
    en: 'The choices of {name} have changed: choose {max} in {group}. Please choose again.',
    'zh-CN': '{name} 的选项已变更：{group}请选 {max} 项，请重新选择。',
    'zh-TW': '{name} 的選項已變更：{group}請選 {max} 項，請重新選擇。',
  },
  bundleChoicesUpTo: {
    en: 'The choices of {name} have changed: choose up to {max} in {group}. Please choose again.',
    'zh-CN': '{name} 的选项已变更：{group}最多选 {max} 项，请重新选择。',
    'zh-TW': '{name} 的選項已變更：{group}最多選 {max} 項，請重新選擇。',
  },
  promoteLimit: {
    en: '{name}: at most {limit} at the promotion price per order',
    'zh-CN': '{name}：每单最多 {limit} 份特价',
    'zh-TW': '{name}：每單最多 {limit} 份特價',
  },
  orderInvalid: { en: 'The order is not valid: {reason}', 'zh-CN': '订单无效：{reason}', 'zh-TW': '訂單無效：{reason}' },
  businessModeUnavailable: {
    en: 'This outlet does not offer this way of ordering.',
    'zh-CN': '此门店不提供此用餐方式。',
    'zh-TW': '此門店不提供此用餐方式。',
  },
  deliveryUnavailable: {
    en: 'Delivery is not available at this outlet.',
    'zh-CN': '此门店暂不提供外送。',
    'zh-TW': '此門店暫不提供外送。',
  },
  takeTimeInvalid: {
    en: 'Please choose a time within the opening hours.',
    'zh-CN': '请选择营业时间内的时间。',
    'zh-TW': '請選擇營業時間內的時間。',
  },
  shippingIncomplete: {
    en: 'Please complete the shipping information',
    'zh-CN': '请完善收货信息',
    'zh-TW': '請完善收貨資訊',
  },
  contactRequired: {
    en: 'Please fill in your contact and mobile phone number',
    'zh-CN': '请填写联系人和手机号码',
    'zh-TW': '請填寫聯絡人和手機號碼',
  },
  beyondRange: { en: 'Beyond distribution range', 'zh-CN': '超出配送范围', 'zh-TW': '超出配送範圍' },
  minimumShortfall: {
    en: 'The minimum for delivery is {minimum}: {amount} more for delivery',
    'zh-CN': '外送最低消费 {minimum}：还差 {amount} 起送',
    'zh-TW': '外送最低消費 {minimum}：還差 {amount} 起送',
  },
  couponMissing: { en: 'The coupon does not exist', 'zh-CN': '优惠券不存在', 'zh-TW': '優惠券不存在' },
  couponUnavailable: { en: 'This coupon is not available', 'zh-CN': '此优惠券不可用', 'zh-TW': '此優惠券不可用' },
  couponNotHere: { en: 'This coupon cannot be used at this outlet', 'zh-CN': '此优惠券不适用于本门店', 'zh-TW': '此優惠券不適用於本門店' },
  couponMinimum: {
    en: 'This coupon needs an order of at least {amount}',
    'zh-CN': '此优惠券需消费满 {amount}',
    'zh-TW': '此優惠券需消費滿 {amount}',
  },
  voucherMinimum: {
    en: 'The order amount must be at least the voucher amount ({amount})',
    'zh-CN': '消费金额须不低于代金券金额（{amount}）',
    'zh-TW': '消費金額須不低於代金券金額（{amount}）',
  },
  callStaff: { en: 'Please call our staff to checkout', 'zh-CN': '请联系店员结账', 'zh-TW': '請聯絡店員結賬' },
  notTableSheet: {
    en: 'This order is not a table\'s order.',
    'zh-CN': '此订单不是餐桌订单。',
    'zh-TW': '此訂單不是餐桌訂單。',
  },
  notDeliveryOrder: {
    en: 'This order is not a delivery order.',
    'zh-CN': '此订单不是外送订单。',
    'zh-TW': '此訂單不是外送訂單。',
  },
  // Sign-in and the member's pages (operations/auth/index.ts, operations/auth/*)
  signInCodeInvalid: {
    en: 'The sign-in code is invalid or has expired',
    'zh-CN': '登录授权码无效或已过期',
    'zh-TW': '登入授權碼無效或已過期',
  },
  signInRetry: {
    en: 'The sign-in service is busy. Please try again.',
    'zh-CN': '登录服务繁忙，请重试。',
    'zh-TW': '登入服務繁忙，請重試。',
  },
  signInUnavailable: {
    en: 'This way of signing in is not available.',
    'zh-CN': '暂不支持此登录方式。',
    'zh-TW': '暫不支援此登入方式。',
  },
  accessTokenInvalid: {
    en: 'Your sign-in has expired. Please sign in again.',
    'zh-CN': '登录已过期，请重新登录。',
    'zh-TW': '登入已過期，請重新登入。',
  },
  accessTokenMismatch: {
    en: 'This sign-in does not belong to this account.',
    'zh-CN': '登录信息与此账号不符。',
    'zh-TW': '登入資訊與此帳號不符。',
  },
  memberNotFound: { en: 'Member not found', 'zh-CN': '会员不存在', 'zh-TW': '會員不存在' },
  openIdLinked: {
    en: 'This account is already linked to another member.',
    'zh-CN': '此账号已绑定其他会员。',
    'zh-TW': '此帳號已綁定其他會員。',
  },
  identityRequired: {
    en: 'Please sign in through the app first.',
    'zh-CN': '请先通过应用授权登录。',
    'zh-TW': '請先通過應用程式授權登入。',
  },
  phoneRequired: { en: 'Please enter your mobile phone number.', 'zh-CN': '请输入手机号码。', 'zh-TW': '請輸入手機號碼。' },
  phoneInvalid: {
    en: 'Please enter a valid mobile phone number.',
    'zh-CN': '请输入有效的手机号码。',
    'zh-TW': '請輸入有效的手機號碼。',
  },
  areaNoInvalid: {
    en: 'Please choose a valid country calling code.',
    'zh-CN': '请选择有效的国家或地区区号。',
    'zh-TW': '請選擇有效的國家或地區區號。',
  },
  smsCodeRequired: { en: 'Please enter the verification code.', 'zh-CN': '请输入验证码。', 'zh-TW': '請輸入驗證碼。' },
  smsCodeWrong: { en: 'The verification code is incorrect.', 'zh-CN': '验证码错误。', 'zh-TW': '驗證碼錯誤。' },
  smsCodeExpired: {
    en: 'The verification code has expired or has been used. Please request a new one.',
    'zh-CN': '验证码已失效，请重新获取。',
    'zh-TW': '驗證碼已失效，請重新獲取。',
  },
  smsCodeTooManyWrong: {
    en: 'Too many wrong codes. Please request a new one.',
    'zh-CN': '验证码错误次数过多，请重新获取。',
    'zh-TW': '驗證碼錯誤次數過多，請重新獲取。',
  },
  smsWait: {
    en: 'Please wait {seconds} seconds before requesting another code.',
    'zh-CN': '请 {seconds} 秒后再获取验证码。',
    'zh-TW': '請 {seconds} 秒後再獲取驗證碼。',
  },
  smsDailyLimit: {
    en: 'Too many codes have been requested today. Please try again tomorrow.',
    'zh-CN': '今日获取验证码次数已达上限，请明天再试。',
    'zh-TW': '今日獲取驗證碼次數已達上限，請明天再試。',
  },
  smsUnavailable: {
    en: 'Text messages cannot be sent right now.',
    'zh-CN': '暂时无法发送短信。',
    'zh-TW': '暫時無法發送短訊。',
  },
  phoneTaken: {
    en: 'This phone number is already used by another member.',
    'zh-CN': '此手机号码已被其他会员使用。',
    'zh-TW': '此手機號碼已被其他會員使用。',
  },
  phoneRegistered: {
    en: 'This phone number is already registered. Please sign in with a verification code.',
    'zh-CN': '此手机号码已注册，请使用验证码登录。',
    'zh-TW': '此手機號碼已註冊，請使用驗證碼登入。',
  },
  phoneNotCurrent: {
    en: 'This is not the phone number of your membership.',
    'zh-CN': '这不是您会员绑定的手机号码。',
    'zh-TW': '這不是您會員綁定的手機號碼。',
  },
  phoneVerifyFirst: {
    en: 'Please verify your current phone number first.',
    'zh-CN': '请先验证当前的手机号码。',
    'zh-TW': '請先驗證當前的手機號碼。',
  },
  phoneSame: {
    en: 'This is already your phone number.',
    'zh-CN': '这已是您当前的手机号码。',
    'zh-TW': '這已是您當前的手機號碼。',
  },
  vipNameRequired: { en: 'Please enter your name.', 'zh-CN': '请输入姓名。', 'zh-TW': '請輸入姓名。' },
  vipNameInvalid: {
    en: 'Name contains invalid characters.',
    'zh-CN': '姓名包含无效字符。',
    'zh-TW': '姓名包含無效字元。',
  },
  birthdayInvalid: { en: 'Please choose a valid birthday.', 'zh-CN': '请选择有效的生日。', 'zh-TW': '請選擇有效的生日。' },
  sexInvalid: { en: 'Please choose a valid gender.', 'zh-CN': '请选择有效的性别。', 'zh-TW': '請選擇有效的性別。' },
  headImgInvalid: {
    en: 'The picture was not uploaded. Please upload it again.',
    'zh-CN': '图片未上传成功，请重新上传。',
    'zh-TW': '圖片未上傳成功，請重新上傳。',
  },
  fileTypeInvalid: {
    en: 'Only JPEG, PNG, WebP or GIF pictures can be uploaded.',
    'zh-CN': '只能上传 JPEG、PNG、WebP 或 GIF 图片。',
    'zh-TW': '只能上傳 JPEG、PNG、WebP 或 GIF 圖片。',
  },
  fileTooLarge: { en: 'The file is larger than 5 MB.', 'zh-CN': '文件不能超过 5 MB。', 'zh-TW': '檔案不能超過 5 MB。' },
  fileClassInvalid: {
    en: 'This kind of file cannot be uploaded.',
    'zh-CN': '不支持上传此类文件。',
    'zh-TW': '不支援上傳此類檔案。',
  },
  storageUnavailable: {
    en: 'Pictures cannot be uploaded right now.',
    'zh-CN': '暂时无法上传图片。',
    'zh-TW': '暫時無法上傳圖片。',
  },
  vipAddressIncomplete: {
    en: 'Please complete the shipping information',
    'zh-CN': '请完善收货信息',
    'zh-TW': '請完善收貨資訊',
  },
  vipAddressContact: {
    en: 'Please fill in your contact and mobile phone number',
    'zh-CN': '请填写联系人和手机号码',
    'zh-TW': '請填寫聯絡人和手機號碼',
  },
  vipAddressNotFound: { en: 'The address does not exist', 'zh-CN': '地址不存在', 'zh-TW': '地址不存在' },
  cardPlanNotFound: { en: 'The coupon does not exist', 'zh-CN': '优惠券不存在', 'zh-TW': '優惠券不存在' },
  cardPlanUnavailable: { en: 'This coupon is not available', 'zh-CN': '此优惠券不可用', 'zh-TW': '此優惠券不可用' },
  cardPlanClaimed: {
    en: 'You have already claimed this coupon.',
    'zh-CN': '您已领取过此优惠券。',
    'zh-TW': '您已領取過此優惠券。',
  },
  // The name a guest's member rows answer (operations/auth/member.ts, auth/rows.ts).
  guestName: { en: 'Walk-in guest', 'zh-CN': '散客', 'zh-TW': '散客' },
  // Wallet (operations/wallet/ledger.ts)
  cardPlanSoldOut: { en: 'These coupons have all been claimed.', 'zh-CN': '优惠券已领完。', 'zh-TW': '優惠券已領完。' },
  cardPlanLimit: {
    en: 'You have claimed this coupon the most times allowed ({limit}).',
    'zh-CN': '您领取此优惠券已达上限（{limit} 张）。',
    'zh-TW': '您領取此優惠券已達上限（{limit} 張）。',
  },
  rechargeNotFound: { en: 'The top-up does not exist', 'zh-CN': '充值记录不存在', 'zh-TW': '充值記錄不存在' },
  rechargeRuleNotFound: { en: 'This top-up offer is no longer available', 'zh-CN': '该充值优惠已失效', 'zh-TW': '該充值優惠已失效' },
  // What the payment provider's page says a top-up is for (operations/wallet/handlers.ts).
  rechargeDescription: { en: 'Top-up {id}', 'zh-CN': '充值 {id}', 'zh-TW': '充值 {id}' },
  rechargeAmountInvalid: {
    en: 'Enter a top-up amount from {min} to {max}',
    'zh-CN': '请输入 {min} 至 {max} 的充值金额',
    'zh-TW': '請輸入 {min} 至 {max} 的充值金額',
  },
  // Hardening (issue 16): settling a table's bill
  scanToSettle: {
    en: "Scan this table's QR code to settle its bill.",
    'zh-CN': '请扫描本餐桌的二维码后再结账。',
    'zh-TW': '請掃描本餐桌的二維碼後再結賬。',
  },
  settleAgain: {
    en: 'You have just tried to settle this bill. Please pay at the counter or ask someone else at the table.',
    'zh-CN': '您刚刚已尝试结账。请到柜台付款，或请同桌其他人结账。',
    'zh-TW': '您剛剛已嘗試結賬。請到櫃檯付款，或請同桌其他人結賬。',
  },
  // Issue 22: trust at the table
  scanToOrder: {
    en: "Scan the QR code on your table to order at it.",
    'zh-CN': '请先扫描餐桌上的二维码再点餐。',
    'zh-TW': '請先掃描餐桌上的二維碼再點餐。',
  },
  tableCancelStaff: {
    en: "Only our staff can cancel a table's order. You can withdraw a round you added while the kitchen has not started it.",
    'zh-CN': '只有店员可以取消整桌的订单。您可以在厨房开始制作前撤回自己加的一轮。',
    'zh-TW': '只有店員可以取消整桌的訂單。您可以在廚房開始製作前撤回自己加的一輪。',
  },
  roundNotYours: {
    en: 'You can withdraw only a round you added yourself.',
    'zh-CN': '您只能撤回自己加的一轮。',
    'zh-TW': '您只能撤回自己加的一輪。',
  },
  roundStarted: {
    en: 'The kitchen has started on round {round}, so it can no longer be withdrawn. Please ask our staff.',
    'zh-CN': '厨房已开始制作第 {round} 轮，无法再撤回，请联系店员。',
    'zh-TW': '廚房已開始製作第 {round} 輪，無法再撤回，請聯絡店員。',
  },
  roundWithdrawn: {
    en: 'Round {round} has already been withdrawn.',
    'zh-CN': '第 {round} 轮已撤回。',
    'zh-TW': '第 {round} 輪已撤回。',
  },
  // Addresses (operations/addresses)
  addressNotResolved: {
    en: 'The address you selected is not resolved to the result!',
    'zh-CN': '您选择的地址未能解析出结果！',
    'zh-TW': '您選擇的地址未能解析出結果！',
  },
  // Issue 26: staff accounts (http/staffAuth.ts, http/staffAccounts.ts)
  staffSignInRequired: {
    en: 'Sign in to the staff program, or send a valid staff token (Authorization: Bearer <STAFF_TOKEN>).',
    'zh-CN': '请先登录员工系统，或提供有效的员工令牌（Authorization: Bearer <STAFF_TOKEN>）。',
    'zh-TW': '請先登入員工系統，或提供有效的員工權杖（Authorization: Bearer <STAFF_TOKEN>）。',
  },
  staffSignInWrong: {
    en: 'The login name or the password is wrong.',
    'zh-CN': '登录名或密码不正确。',
    'zh-TW': '登入名稱或密碼不正確。',
  },
  staffSignInBackoff: {
    en: 'Too many wrong attempts. Try again in {seconds} s.',
    'zh-CN': '错误尝试次数过多，请在 {seconds} 秒后重试。',
    'zh-TW': '錯誤嘗試次數過多，請在 {seconds} 秒後重試。',
  },
  staffTokenBackoff: {
    en: 'too many wrong staff tokens from this address: try again in {seconds} s',
    'zh-CN': '此地址的员工令牌错误次数过多，请在 {seconds} 秒后重试。',
    'zh-TW': '此地址的員工權杖錯誤次數過多，請在 {seconds} 秒後重試。',
  },
  // The back office: loyalty and reports (issue 27, http/staffLoyalty.ts, http/staffReports.ts)
  loyaltyChanged: {
    en: 'Changed by someone else: here are the current values.',
    'zh-CN': '已被其他人修改：以下是目前的数值。',
    'zh-TW': '已被其他人修改：以下是目前的數值。',
  },
  loyaltyNotFound: { en: 'Not found.', 'zh-CN': '找不到。', 'zh-TW': '找不到。' },
  loyaltyBadInput: { en: 'Please check: {detail}', 'zh-CN': '请检查：{detail}', 'zh-TW': '請檢查：{detail}' },
  loyaltyBelowZero: {
    en: 'This would take the balance or points below zero.',
    'zh-CN': '调整后余额或积分将低于零。',
    'zh-TW': '調整後餘額或積分將低於零。',
  },
  loyaltyPointsWhole: { en: 'Points are whole numbers.', 'zh-CN': '积分须为整数。', 'zh-TW': '積分須為整數。' },
  loyaltyPinWrong: { en: 'Wrong PIN.', 'zh-CN': 'PIN 码错误。', 'zh-TW': 'PIN 碼錯誤。' },
  loyaltyPinMissing: { en: 'Set your PIN first.', 'zh-CN': '请先设置您的 PIN 码。', 'zh-TW': '請先設定您的 PIN 碼。' },
  loyaltyOutOfStock: {
    en: 'Only {left} coupons are left in stock.',
    'zh-CN': '库存只剩 {left} 张优惠券。',
    'zh-TW': '庫存只剩 {left} 張優惠券。',
  },
  loyaltyForeignOutlet: { en: 'Not an outlet of yours: {outlets}', 'zh-CN': '不是您的门店：{outlets}', 'zh-TW': '不是您的門店：{outlets}' },
  staffRoleForbidden: {
    en: 'Your role ({role}) may not do this.',
    'zh-CN': '您的角色（{role}）无权进行此操作。',
    'zh-TW': '您的角色（{role}）無權進行此操作。',
  },
  staffOutletForbidden: {
    en: 'Your account is not for this outlet.',
    'zh-CN': '您的账户不属于此门店。',
    'zh-TW': '您的帳戶不屬於此門店。',
  },
  staffVersionConflict: {
    en: 'Someone changed this account meanwhile. Read it again and retry.',
    'zh-CN': '此账户已被他人修改，请重新读取后再试。',
    'zh-TW': '此帳戶已被他人修改，請重新讀取後再試。',
  },
  staffLoginTaken: {
    en: 'This login name is taken.',
    'zh-CN': '此登录名已被使用。',
    'zh-TW': '此登入名稱已被使用。',
  },
  staffOldPasswordWrong: {
    en: 'The current password is wrong.',
    'zh-CN': '当前密码不正确。',
    'zh-TW': '目前密碼不正確。',
  },
  staffLastOwner: {
    en: 'An enterprise keeps at least one active owner.',
    'zh-CN': '企业至少要保留一名有效的店主账户。',
    'zh-TW': '企業至少要保留一名有效的店主帳戶。',
  },
  staffAccountNotFound: {
    en: 'No such staff account.',
    'zh-CN': '员工账户不存在。',
    'zh-TW': '員工帳戶不存在。',
  },
  staffInvalidInput: {
    en: 'Please check the form: {detail}',
    'zh-CN': '请检查填写的内容：{detail}',
    'zh-TW': '請檢查填寫的內容：{detail}',
  },
  // Kitchen tickets (server/printing/ticket.ts): in the printer's language
  ticketTable: { en: 'Table {name}', 'zh-CN': '桌号 {name}', 'zh-TW': '枱號 {name}' },
  ticketPickup: { en: 'Pickup {no}', 'zh-CN': '自取 {no}', 'zh-TW': '自取 {no}' },
  ticketDelivery: { en: 'Delivery {no}', 'zh-CN': '外送 {no}', 'zh-TW': '外送 {no}' },
  ticketDineIn: { en: 'Dine-in {no}', 'zh-CN': '堂食 {no}', 'zh-TW': '堂食 {no}' },
  ticketRound: { en: 'Round {round}', 'zh-CN': '第 {round} 轮', 'zh-TW': '第 {round} 輪' },
  ticketReprint: { en: 'REPRINT / 重印', 'zh-CN': '重印 / REPRINT', 'zh-TW': '重印 / REPRINT' },
  ticketVoid: { en: 'VOID / 作廢', 'zh-CN': '作废 / VOID', 'zh-TW': '作廢 / VOID' },
  ticketRemark: { en: 'Note: {text}', 'zh-CN': '备注：{text}', 'zh-TW': '備註：{text}' },
  // The kitchen ticket's ALLERGY banner (issue 29, printing/ticket.ts)
  ticketAllergy: { en: 'ALLERGY / 過敏', 'zh-CN': '过敏 / ALLERGY', 'zh-TW': '過敏 / ALLERGY' },
  ticketAllergyAvoid: { en: 'Avoid: {list}', 'zh-CN': '避免：{list}', 'zh-TW': '避免：{list}' },
  ticketAllergyNote: { en: 'See the notes', 'zh-CN': '请看备注', 'zh-TW': '請看備註' },
  allergen_gluten: { en: 'Gluten', 'zh-CN': '麸质', 'zh-TW': '麩質' },
  allergen_crustaceans: { en: 'Crustaceans', 'zh-CN': '甲壳类', 'zh-TW': '甲殼類' },
  allergen_eggs: { en: 'Eggs', 'zh-CN': '蛋类', 'zh-TW': '蛋類' },
  allergen_fish: { en: 'Fish', 'zh-CN': '鱼类', 'zh-TW': '魚類' },
  allergen_peanuts: { en: 'Peanuts', 'zh-CN': '花生', 'zh-TW': '花生' },
  allergen_soybeans: { en: 'Soybeans', 'zh-CN': '大豆', 'zh-TW': '大豆' },
  allergen_milk: { en: 'Milk', 'zh-CN': '奶类', 'zh-TW': '奶類' },
  allergen_nuts: { en: 'Tree nuts', 'zh-CN': '坚果', 'zh-TW': '堅果' },
  allergen_celery: { en: 'Celery', 'zh-CN': '芹菜', 'zh-TW': '芹菜' },
  allergen_mustard: { en: 'Mustard', 'zh-CN': '芥末', 'zh-TW': '芥末' },
  allergen_sesame: { en: 'Sesame', 'zh-CN': '芝麻', 'zh-TW': '芝麻' },
  allergen_sulphites: { en: 'Sulphites', 'zh-CN': '亚硫酸盐', 'zh-TW': '亞硫酸鹽' },
  allergen_lupin: { en: 'Lupin', 'zh-CN': '羽扇豆', 'zh-TW': '羽扇豆' },
  allergen_molluscs: { en: 'Molluscs', 'zh-CN': '软体动物', 'zh-TW': '軟體動物' },
  ticketTakeTime: { en: 'Take at {time}', 'zh-CN': '取餐 {time}', 'zh-TW': '取餐 {time}' },
  ticketAllStations: { en: 'All', 'zh-CN': '全部', 'zh-TW': '全部' },
  // The ready board (http/staffBoard.ts)
  boardLinkInvalid: {
    en: 'This board link is not valid (it may have been revoked). Ask a manager for a new one.',
    'zh-CN': '此取餐屏链接无效（可能已被撤销）。请向经理索取新链接。',
    'zh-TW': '此取餐屏連結無效（可能已被撤銷）。請向經理索取新連結。',
  },
  // The staff API's printers (http/staffPrinters.ts)
  printerNotFound: { en: 'There is no printer {id}.', 'zh-CN': '找不到打印机 {id}。', 'zh-TW': '找不到印表機 {id}。' },
  printerStationUnknown: {
    en: 'The outlet has no station "{station}".',
    'zh-CN': '该门店没有工作站“{station}”。',
    'zh-TW': '該門店沒有工作站「{station}」。',
  },
  printerNameTaken: {
    en: 'The outlet already has a printer named "{name}".',
    'zh-CN': '该门店已有名为“{name}”的打印机。',
    'zh-TW': '該門店已有名為「{name}」的印表機。',
  },
  printerBadRequest: { en: 'Invalid request: {detail}', 'zh-CN': '请求无效：{detail}', 'zh-TW': '請求無效：{detail}' },
  printRoundNotFound: {
    en: 'The order has no round {round} for the kitchen.',
    'zh-CN': '该订单没有送厨房的第 {round} 轮。',
    'zh-TW': '該訂單沒有送廚房的第 {round} 輪。',
  },
  printNothingToReprint: {
    en: 'No printer of the outlet prints this round.',
    'zh-CN': '门店没有打印此轮的打印机。',
    'zh-TW': '門店沒有列印此輪的印表機。',
  },
  // Issue 28: the table together (operations/table)
  tableCartPostpayOnly: {
    en: "The table's shared cart is for tables that pay after the meal.",
    'zh-CN': '整桌共享购物车只适用于餐后付款的餐桌。',
    'zh-TW': '整桌共享購物車只適用於餐後付款的餐桌。',
  },
  tableCartLineGone: {
    en: "This item is no longer in the table's cart.",
    'zh-CN': '此菜品已不在本桌的购物车中。',
    'zh-TW': '此菜品已不在本桌的購物車中。',
  },
  tableCartLineNotYours: {
    en: '{name} added this item. Ask them first, then confirm to change it.',
    'zh-CN': '此菜品由{name}加入。请先询问对方，再确认修改。',
    'zh-TW': '此菜品由{name}加入。請先詢問對方，再確認修改。',
  },
  tableCartLineChanged: {
    en: 'Someone at your table changed this item just now. Check it and try again.',
    'zh-CN': '同桌的人刚刚修改了此菜品。请查看后再试。',
    'zh-TW': '同桌的人剛剛修改了此菜品。請查看後再試。',
  },
  tableCartChanged: {
    en: "The table's cart changed just now. Check it and send again.",
    'zh-CN': '本桌的购物车刚刚有变动。请查看后再送出。',
    'zh-TW': '本桌的購物車剛剛有變動。請查看後再送出。',
  },
  tableCartSent: {
    en: 'Someone at your table has just sent this round to the kitchen.',
    'zh-CN': '同桌的人刚刚已把这一轮送到厨房。',
    'zh-TW': '同桌的人剛剛已把這一輪送到廚房。',
  },
  tableCartFull: {
    en: "The table's cart is full. Send this round first.",
    'zh-CN': '本桌的购物车已满。请先送出这一轮。',
    'zh-TW': '本桌的購物車已滿。請先送出這一輪。',
  },
  callCooldown: {
    en: 'Your table called just now. You can call again in {seconds} seconds.',
    'zh-CN': '本桌刚刚已呼叫。{seconds} 秒后可再次呼叫。',
    'zh-TW': '本桌剛剛已呼叫。{seconds} 秒後可再次呼叫。',
  },
  // Staff changing a table's cart (http/staffTableCart.ts): a line changed since the screen read it.
  staffCartLineChanged: {
    en: 'Changed by someone else just now: this is the item as it is now. Check it and try again.',
    'zh-CN': '刚刚已被其他人修改：这是此菜品现在的样子。请查看后再试。',
    'zh-TW': '剛剛已被其他人修改：這是此菜品現在的樣子。請查看後再試。',
  },
  callAcknowledged: {
    en: '{name} has already taken this call.',
    'zh-CN': '{name} 已接下此呼叫。',
    'zh-TW': '{name} 已接下此呼叫。',
  },
  callNotFound: {
    en: 'There is no such call.',
    'zh-CN': '没有此呼叫。',
    'zh-TW': '沒有此呼叫。',
  },
  // Staff fix an order (issue 26 section 5: operations/orders/fixOrder.ts, http/staffFix.ts)
  voidOutOfStock: { en: 'Out of stock', 'zh-CN': '缺货', 'zh-TW': '缺貨' },
  voidChangedMind: { en: 'Customer changed their mind', 'zh-CN': '顾客改变主意', 'zh-TW': '顧客改變主意' },
  voidWrongDish: { en: 'Wrong dish', 'zh-CN': '上错菜', 'zh-TW': '上錯菜' },
  voidOther: { en: 'Other: {note}', 'zh-CN': '其他：{note}', 'zh-TW': '其他：{note}' },
  voidPinRefused: {
    en: 'The login or PIN is wrong, or this person may not approve a void here.',
    'zh-CN': '账号或 PIN 错误，或此人无权在此批准作废。',
    'zh-TW': '帳號或 PIN 錯誤，或此人無權在此批准作廢。',
  },
  voidNoLine: { en: 'There is no line {item} on this order.', 'zh-CN': '此订单没有第 {item} 行。', 'zh-TW': '此訂單沒有第 {item} 行。' },
  voidTwice: { en: 'Line {item} is already voided.', 'zh-CN': '第 {item} 行已作废。', 'zh-TW': '第 {item} 行已作廢。' },
  fixSheetOver: {
    en: 'This order is closed: it can no longer be changed.',
    'zh-CN': '此订单已关闭，不能再更改。',
    'zh-TW': '此訂單已關閉，不能再更改。',
  },
  fixPaymentPending: {
    en: 'A payment of this order is in progress: cancel it first.',
    'zh-CN': '此订单正在付款，请先取消付款。',
    'zh-TW': '此訂單正在付款，請先取消付款。',
  },
  fixNotTableSheet: {
    en: "Only a table's open, unpaid sheet can take more items or move.",
    'zh-CN': '只有未付款的堂食桌单可以加菜或换桌。',
    'zh-TW': '只有未付款的堂食枱單可以加菜或換枱。',
  },
  moveTableBusy: {
    en: 'Table {table} has an open sheet of its own.',
    'zh-CN': '{table} 桌已有未结的订单。',
    'zh-TW': '{table} 枱已有未結的訂單。',
  },
  moveTableOther: {
    en: 'Choose another table of this outlet.',
    'zh-CN': '请选择本门店的另一张桌。',
    'zh-TW': '請選擇本門店的另一張枱。',
  },
  refundProviderFailed: {
    en: 'The payment provider did not refund: nothing was changed. Try again.',
    'zh-CN': '支付机构未能退款，未作任何更改，请重试。',
    'zh-TW': '支付機構未能退款，未作任何更改，請重試。',
  },
  // The back office's menu (issue 27 section 1, operations/backOffice/menu.ts)
  menuChanged: {
    en: 'Changed by someone else: here are the fresh values. Check them and save again.',
    'zh-CN': '已被他人修改：以下是最新内容，请核对后再保存。',
    'zh-TW': '已被他人修改：以下是最新內容，請核對後再儲存。',
  },
  menuNameRequired: { en: 'The name in {language} is required.', 'zh-CN': '必须填写{language}名称。', 'zh-TW': '必須填寫{language}名稱。' },
  menuPriceInvalid: {
    en: '{field}: enter an amount of at most {decimals} decimals, not negative.',
    'zh-CN': '{field}：请输入不超过 {decimals} 位小数的非负金额。',
    'zh-TW': '{field}：請輸入不超過 {decimals} 位小數的非負金額。',
  },
  menuCodeRequired: { en: 'The code is required.', 'zh-CN': '必须填写编号。', 'zh-TW': '必須填寫編號。' },
  menuCodeTaken: { en: 'The code {code} is already used by another goods.', 'zh-CN': '编号 {code} 已被其他商品使用。', 'zh-TW': '編號 {code} 已被其他商品使用。' },
  menuClassUnknown: { en: 'Choose a class of this shop.', 'zh-CN': '请选择本店的分类。', 'zh-TW': '請選擇本店的分類。' },
  menuGoodsTypeUnknown: { en: 'Unknown goods type {type}.', 'zh-CN': '未知的商品类型 {type}。', 'zh-TW': '未知的商品類型 {type}。' },
  menuOutletUnknown: { en: 'Unknown outlet {baseId}.', 'zh-CN': '未知门店 {baseId}。', 'zh-TW': '未知門店 {baseId}。' },
  menuOutletNotYours: {
    en: 'You may change what is sold only at your own outlets ({baseId} is not one).',
    'zh-CN': '您只能更改自己门店的供应情况（{baseId} 不是您的门店）。',
    'zh-TW': '您只能更改自己門店的供應情況（{baseId} 不是您的門店）。',
  },
  menuSpecInvalid: {
    en: 'The spec: each attribute needs a name and distinct values; each sku one value per attribute.',
    'zh-CN': '规格：每个属性需有名称和互不相同的值；每个 SKU 每个属性一个值。',
    'zh-TW': '規格：每個屬性需有名稱和互不相同的值；每個 SKU 每個屬性一個值。',
  },
  menuNotFound: { en: 'No such goods or class.', 'zh-CN': '没有此商品或分类。', 'zh-TW': '沒有此商品或分類。' },
  menuShopUnknown: { en: 'No such shop.', 'zh-CN': '没有此店铺。', 'zh-TW': '沒有此店鋪。' },
  menuPictureType: {
    en: 'The picture must be a JPEG, PNG or WebP of at most 5 MB.',
    'zh-CN': '图片须为 JPEG、PNG 或 WebP，且不超过 5 MB。',
    'zh-TW': '圖片須為 JPEG、PNG 或 WebP，且不超過 5 MB。',
  },
  menuPictureUnavailable: { en: 'Picture storage is not available.', 'zh-CN': '图片存储不可用。', 'zh-TW': '圖片存儲不可用。' },
  menuCsvHeader: { en: 'The file\'s first line must name the columns: {columns}.', 'zh-CN': '文件第一行须为列名：{columns}。', 'zh-TW': '檔案第一行須為欄名：{columns}。' },
  menuCsvKind: { en: 'The kind must be "goods" or "sku".', 'zh-CN': '类型须为 "goods" 或 "sku"。', 'zh-TW': '類型須為 "goods" 或 "sku"。' },
  menuCsvSkuWithoutGoods: { en: 'A sku row must follow a goods row of the same code.', 'zh-CN': 'SKU 行须紧随同编号的商品行。', 'zh-TW': 'SKU 行須緊隨同編號的商品行。' },
  menuCsvBad: { en: 'The file is not readable CSV: {detail}', 'zh-CN': '文件不是可读的 CSV：{detail}', 'zh-TW': '檔案不是可讀的 CSV：{detail}' },
  menuLangZh: { en: 'Simplified Chinese', 'zh-CN': '简体中文', 'zh-TW': '簡體中文' },
  menuLangTw: { en: 'Traditional Chinese', 'zh-CN': '繁体中文', 'zh-TW': '繁體中文' },
  menuLangEn: { en: 'English', 'zh-CN': '英文', 'zh-TW': '英文' },
  menuFieldPrice: { en: 'Price', 'zh-CN': '价格', 'zh-TW': '價格' },
  menuFieldSalesPrice: { en: 'Sales price', 'zh-CN': '售价', 'zh-TW': '售價' },
  // A goods' pack units, bundle groups, add-ons and spec translations (operations/backOffice/menuExtras.ts)
  menuFieldExtraPrice: { en: 'Extra price', 'zh-CN': '加价', 'zh-TW': '加價' },
  menuPackRefInvalid: { en: 'Units per pack: a whole number from 2 to {max}.', 'zh-CN': '每包数量：须为 2 至 {max} 的整数。', 'zh-TW': '每包數量：須為 2 至 {max} 的整數。' },
  menuPackDuplicate: { en: 'Two pack units have the same name or the same units per pack.', 'zh-CN': '有两个包装单位名称或每包数量相同。', 'zh-TW': '有兩個包裝單位名稱或每包數量相同。' },
  menuBundleOnlyBundles: {
    en: 'Only goods of the type "with bundle parts" have bundle groups.',
    'zh-CN': '只有"含套餐组件"类型的商品才能设置套餐分组。',
    'zh-TW': '只有「含套餐組件」類型的商品才能設定套餐分組。',
  },
  menuBundleNoParts: { en: '{group}: add at least one part.', 'zh-CN': '{group}：请至少添加一个组件。', 'zh-TW': '{group}：請至少新增一個組件。' },
  menuBundleChoose: {
    en: '{group}: the most to choose must be a whole number from 1 to its number of parts ({parts}).',
    'zh-CN': '{group}：最多可选数量须为 1 至组件数（{parts}）之间的整数。',
    'zh-TW': '{group}：最多可選數量須為 1 至組件數（{parts}）之間的整數。',
  },
  menuBundleMin: {
    en: '{group}: the fewest to choose must be a whole number from 0 to the most to choose ({max}).',
    'zh-CN': '{group}：最少须选数量须为 0 至最多可选数量（{max}）之间的整数。',
    'zh-TW': '{group}：最少須選數量須為 0 至最多可選數量（{max}）之間的整數。',
  },
  menuBundlePartUnknown: {
    en: '{group}: a part must be another goods of this shop, without a spec, not archived and not a bundle itself.',
    'zh-CN': '{group}：组件须为本店其他商品，无规格、未归档且本身不是套餐。',
    'zh-TW': '{group}：組件須為本店其他商品，無規格、未封存且本身不是套餐。',
  },
  menuBundlePartTwice: { en: '{group}: each part only once.', 'zh-CN': '{group}：每个组件只能添加一次。', 'zh-TW': '{group}：每個組件只能新增一次。' },
  menuBundleDefaults: { en: '{group}: at most {count} parts chosen by default.', 'zh-CN': '{group}：默认选中的组件最多 {count} 个。', 'zh-TW': '{group}：預設選中的組件最多 {count} 個。' },
  menuAddOnUnknown: { en: 'No such add-on in this shop.', 'zh-CN': '本店没有此加料。', 'zh-TW': '本店沒有此加料。' },
  menuAddOnTwice: { en: 'Each add-on only once (names must differ).', 'zh-CN': '每种加料只能添加一次（名称不可重复）。', 'zh-TW': '每種加料只能新增一次（名稱不可重複）。' },
  menuSpecTextNoSpec: { en: 'This goods has no spec to translate.', 'zh-CN': '此商品没有可翻译的规格。', 'zh-TW': '此商品沒有可翻譯的規格。' },
  menuSpecTextIncomplete: {
    en: 'The spec in {language}: translate every name and value, or none.',
    'zh-CN': '{language}规格：请翻译全部名称和值，或全部留空。',
    'zh-TW': '{language}規格：請翻譯全部名稱和值，或全部留空。',
  },
  menuSpecTextRequired: {
    en: 'The spec in {language}, the enterprise\'s language, is required.',
    'zh-CN': '必须填写{language}规格（企业的语言）。',
    'zh-TW': '必須填寫{language}規格（企業的語言）。',
  },
  // Allergens, diets and pairings (issue 29; operations/backOffice/allergens.ts)
  dietOptionUnknown: { en: 'That option is not one of this goods\' specs or add-ons.', 'zh-CN': '该选项不是此商品的规格或加料。', 'zh-TW': '該選項不是此商品的規格或加料。' },
  dietVeganNotVegetarian: { en: 'A vegan dish is vegetarian too.', 'zh-CN': '纯素菜式也必须是素食。', 'zh-TW': '純素菜式也必須是素食。' },
  pairingTooMany: { en: 'At most {max} goods can be paired with one goods.', 'zh-CN': '每件商品最多搭配 {max} 件商品。', 'zh-TW': '每件商品最多搭配 {max} 件商品。' },
  pairingUnknown: { en: 'A paired goods must be another goods of the same shop.', 'zh-CN': '搭配的商品须为同一店铺的其他商品。', 'zh-TW': '搭配的商品須為同一店鋪的其他商品。' },
  // The back office's outlets and tables (http/staffOutlets.ts, operations/backOffice)
  boTableNotFound: { en: 'There is no table {id}.', 'zh-CN': '找不到桌台 {id}。', 'zh-TW': '找不到桌台 {id}。' },
  boTableNameTaken: {
    en: 'The outlet already has a table named "{name}".',
    'zh-CN': '该门店已有名为“{name}”的桌台。',
    'zh-TW': '該門店已有名為「{name}」的桌台。',
  },
  boTableOpenSheet: {
    en: 'Table "{name}" has an order under way: close it before removing the table.',
    'zh-CN': '桌台“{name}”有进行中的订单：请先结束订单再删除桌台。',
    'zh-TW': '桌台「{name}」有進行中的訂單：請先結束訂單再刪除桌台。',
  },
  boOutletChanged: {
    en: 'The outlet was changed by someone else. Here are the current values: check them and save again.',
    'zh-CN': '门店资料已被其他人修改。以下是最新资料：请核对后再保存。',
    'zh-TW': '門店資料已被其他人修改。以下是最新資料：請核對後再儲存。',
  },
  boOutletInvalid: { en: 'Please correct: {detail}', 'zh-CN': '请更正：{detail}', 'zh-TW': '請更正：{detail}' },
  boProblemTimeFormat: { en: 'a time is not HH:mm ({field})', 'zh-CN': '时间格式须为 HH:mm（{field}）', 'zh-TW': '時間格式須為 HH:mm（{field}）' },
  boProblemTimeEmpty: { en: 'a range begins and ends at the same time ({field})', 'zh-CN': '时段的开始与结束相同（{field}）', 'zh-TW': '時段的開始與結束相同（{field}）' },
  boProblemTimeOverlap: { en: 'two ranges of a day overlap ({field})', 'zh-CN': '同一天的时段重叠（{field}）', 'zh-TW': '同一天的時段重疊（{field}）' },
  boProblemDateFormat: { en: 'a closed date is not a date YYYY-MM-DD ({field})', 'zh-CN': '休息日须为日期 YYYY-MM-DD（{field}）', 'zh-TW': '休息日須為日期 YYYY-MM-DD（{field}）' },
  boProblemRadius: { en: 'the delivery radius must be above 0 and at most 50 km', 'zh-CN': '配送半径须大于 0 且不超过 50 公里', 'zh-TW': '配送半徑須大於 0 且不超過 50 公里' },
  boProblemPolygonPoints: { en: 'the delivery area needs at least 3 points', 'zh-CN': '配送区域至少需要 3 个点', 'zh-TW': '配送區域至少需要 3 個點' },
  boProblemCoordinates: { en: 'a map position is out of range ({field})', 'zh-CN': '地图位置超出范围（{field}）', 'zh-TW': '地圖位置超出範圍（{field}）' },
  boProblemPercent: { en: 'the service charge must be 0 to 30% with at most 2 decimals', 'zh-CN': '服务费须为 0 至 30%，最多两位小数', 'zh-TW': '服務費須為 0 至 30%，最多兩位小數' },
  boProblemMoney: { en: 'an amount may not be negative and has at most 2 decimals ({field})', 'zh-CN': '金额不可为负数，最多两位小数（{field}）', 'zh-TW': '金額不可為負數，最多兩位小數（{field}）' },
  boProblemMinutes: { en: 'the web order window must be 0 to 1440 whole minutes', 'zh-CN': '网上点餐时限须为 0 至 1440 分钟的整数', 'zh-TW': '網上點餐時限須為 0 至 1440 分鐘的整數' },
  boProblemTimeZone: { en: 'unknown time zone', 'zh-CN': '未知的时区', 'zh-TW': '未知的時區' },
  boQrSheetNoFont: {
    en: 'The QR sheet needs the CJK font (fonts-noto-cjk); this sheet shows English only.',
    'zh-CN': '二维码表需要中文字体（fonts-noto-cjk）；此表只显示英文。',
    'zh-TW': '二維碼表需要中文字型（fonts-noto-cjk）；此表只顯示英文。',
  },
} satisfies Record<string, Record<Lang, string>>;

export type MessageKey = keyof typeof M;

export function message(key: MessageKey, lang: Lang, values: Record<string, string | number> = {}): string {
  return M[key][lang].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** Picks the best of our languages from an Accept-Language header. */
export function langFromHeader(header: string | undefined): Lang {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((x) => x.tag !== '' && x.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag === 'zh-tw' || tag === 'zh-hk' || tag === 'zh-mo' || tag.startsWith('zh-hant')) return 'zh-TW';
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag.startsWith('en')) return 'en';
  }
  return 'en';
}
