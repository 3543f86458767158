import { HOSTS, detectHost, isAndroid, isIOS, type HostId } from './detect';

const UA = {
  wechatIOS:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003129) NetType/WIFI Language/zh_CN',
  wechatAndroid:
    'Mozilla/5.0 (Linux; Android 13; V2148A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MMWEBID/2247 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
  alipayAndroid:
    'Mozilla/5.0 (Linux; U; Android 12; zh-CN; M2102J2SC Build/SKQ1.211006.001) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/69.0.3497.100 UWS/3.22.2.43 Mobile Safari/537.36 UCBS/3.22.2.43_220223200704 ChannelId(0) NebulaSDK/1.8.100112 Nebula AlipayDefined(nt:WIFI,ws:393|0|2.75) AliApp(AP/10.2.58.8000) AlipayClient/10.2.58.8000 Language/zh-Hans useStatusBar/true isConcaveScreen/true Region/CN NChannel/alipay',
  alipayHKIOS:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Ariver/1.0.15 Nebula WK RVKType(1) AlipayDefined(nt:WIFI,ws:390|844|3.0) AlipayClientHK/10.5.17 Language/zh-Hant Region/HK',
  mpayIOS:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MPay/2.6.0 Language/zh-Hant',
  mpayAndroidWithAlipaySdk:
    'Mozilla/5.0 (Linux; Android 14; SM-S9180 Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.210 Mobile Safari/537.36 MPay/2.6.0 AlipayClient/10.3.0 (Alipay+ SDK)',
  bocPayAndroid:
    'Mozilla/5.0 (Linux; Android 13; Mi 11 Build/TKQ1.220829.002; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/118.0.5993.80 Mobile Safari/537.36 BOCPay/3.1.2',
  mfoodIOS:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 mFood/5.2.1',
  safariIOS:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  desktopSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  desktopChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  iPadDesktopModeWeChat:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003129) NetType/WIFI Language/zh_HK',
  iPadSafari:
    'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
};

const noWindow: Record<string, unknown> = {};

describe('the host table', () => {
  it('has each host once, the plain browser last with no markers', () => {
    const ids = HOSTS.map((h) => h.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual<HostId[]>([
      'alipay',
      'browser',
      'chat',
      'foodapp',
      'mpay',
      'payapp',
    ]);
    const last = HOSTS[HOSTS.length - 1];
    expect(last?.id).toBe('browser');
    expect(last?.uaMarkers).toEqual([]);
    expect(last?.hostObject).toBeUndefined();
  });

  it('payment apps, and only they, force traditional Chinese', () => {
    for (const host of HOSTS) {
      expect(host.forcesTraditionalChinese).toBe(host.paymentApp);
    }
    expect(
      HOSTS.filter((h) => h.paymentApp)
        .map((h) => h.id)
        .sort(),
    ).toEqual(['alipay', 'mpay', 'payapp']);
  });

  it('names the sign-in of each host', () => {
    expect(Object.fromEntries(HOSTS.map((h) => [h.id, h.signIn]))).toEqual({
      chat: 'oauth',
      mpay: 'code',
      alipay: 'code',
      payapp: 'none',
      foodapp: 'hostToken',
      browser: 'none',
    });
  });
});

describe('detectHost, one host each', () => {
  it('WeChat (chat app)', () => {
    expect(detectHost(UA.wechatAndroid, noWindow)).toEqual({
      id: 'chat',
      label: 'WeChat',
      forcesTraditionalChinese: false,
      signIn: 'oauth',
      paymentApp: false,
      inApp: true,
      os: 'android',
      matchedBy: 'userAgent',
    });
  });

  it('MPay (Macau payment app)', () => {
    expect(detectHost(UA.mpayIOS, noWindow)).toMatchObject({
      id: 'mpay',
      forcesTraditionalChinese: true,
      signIn: 'code',
      paymentApp: true,
      os: 'ios',
    });
  });

  it('Alipay', () => {
    expect(detectHost(UA.alipayAndroid, noWindow)).toMatchObject({
      id: 'alipay',
      forcesTraditionalChinese: true,
      signIn: 'code',
      os: 'android',
    });
  });

  it('AlipayHK', () => {
    expect(detectHost(UA.alipayHKIOS, noWindow)).toMatchObject({ id: 'alipay', os: 'ios' });
  });

  it('BOC Pay (the other payment app)', () => {
    expect(detectHost(UA.bocPayAndroid, noWindow)).toMatchObject({
      id: 'payapp',
      label: 'BOC Pay',
      forcesTraditionalChinese: true,
      signIn: 'none',
    });
  });

  it('food app by its user agent', () => {
    expect(detectHost(UA.mfoodIOS, noWindow)).toMatchObject({
      id: 'foodapp',
      signIn: 'hostToken',
      matchedBy: 'userAgent',
      forcesTraditionalChinese: false,
    });
  });

  it('food app by its host object alone', () => {
    expect(
      detectHost(UA.safariIOS, { mFoodJSBridge: { getAccessToken: () => 'x' } }),
    ).toMatchObject({
      id: 'foodapp',
      matchedBy: 'hostObject',
      inApp: true,
    });
    expect(detectHost(UA.safariIOS, { mFoodJSBridge: null })).toMatchObject({ id: 'browser' });
  });

  it.each([
    ['safariIOS', 'ios'],
    ['chromeAndroid', 'android'],
    ['desktopChrome', 'other'],
    ['desktopSafari', 'other'],
  ] as const)('plain browser: %s', (key, os) => {
    expect(detectHost(UA[key], noWindow)).toEqual({
      id: 'browser',
      label: 'Browser',
      forcesTraditionalChinese: false,
      signIn: 'none',
      paymentApp: false,
      inApp: false,
      os,
      matchedBy: 'fallback',
    });
  });

  it('an empty user agent is a plain browser', () => {
    expect(detectHost('', noWindow)).toMatchObject({ id: 'browser', os: 'other' });
  });
});

describe('detectHost, order of the table', () => {
  it('a WeChat user agent on iOS is WeChat on iOS, not Safari', () => {
    expect(detectHost(UA.wechatIOS, noWindow)).toMatchObject({ id: 'chat', os: 'ios' });
    expect(detectHost(UA.iPadDesktopModeWeChat, noWindow)).toMatchObject({ id: 'chat', os: 'ios' });
  });

  it('an Alipay user agent full of other engines’ markers (UWS, Nebula, Chrome, Safari) is Alipay', () => {
    expect(UA.alipayAndroid).toMatch(/Chrome/);
    expect(UA.alipayAndroid).toMatch(/Safari/);
    expect(detectHost(UA.alipayAndroid, noWindow).id).toBe('alipay');
  });

  it('an MPay user agent carrying an Alipay SDK marker is MPay', () => {
    expect(detectHost(UA.mpayAndroidWithAlipaySdk, noWindow)).toMatchObject({
      id: 'mpay',
      os: 'android',
    });
  });

  it('the food-app host object wins over any marker', () => {
    const bridge = { mFoodJSBridge: {} };
    for (const ua of [UA.wechatIOS, UA.alipayAndroid, UA.mpayIOS]) {
      expect(detectHost(ua, bridge)).toMatchObject({ id: 'foodapp', matchedBy: 'hostObject' });
    }
  });

  it('markers are whole words where short: MPay and BOCPay', () => {
    expect(detectHost(`${UA.chromeAndroid} SomeMPayLib/1.0`, noWindow).id).toBe('browser');
    expect(detectHost(`${UA.chromeAndroid} XBOCPayY/1`, noWindow).id).toBe('browser');
    expect(detectHost(`${UA.chromeAndroid} mpay/1.0`, noWindow).id).toBe('mpay');
  });
});

describe('detectHost with the page window', () => {
  afterEach(() => {
    delete (window as unknown as Record<string, unknown>).mFoodJSBridge;
  });

  it('reads the host object from window by default', () => {
    expect(detectHost(UA.safariIOS).id).toBe('browser');
    (window as unknown as Record<string, unknown>).mFoodJSBridge = {};
    expect(detectHost(UA.safariIOS).id).toBe('foodapp');
  });

  it('undefined uses the page window; an empty object has no host objects', () => {
    (window as unknown as Record<string, unknown>).mFoodJSBridge = {};
    expect(detectHost(UA.safariIOS, undefined).id).toBe('foodapp'); // default parameter applies to undefined
    expect(detectHost(UA.safariIOS, {}).id).toBe('browser');
  });
});

describe('isIOS and isAndroid', () => {
  it.each([
    ['wechatIOS', true, false],
    ['safariIOS', true, false],
    ['iPadSafari', true, false],
    ['iPadDesktopModeWeChat', true, false],
    ['alipayHKIOS', true, false],
    ['wechatAndroid', false, true],
    ['alipayAndroid', false, true],
    ['chromeAndroid', false, true],
    ['desktopSafari', false, false],
    ['desktopChrome', false, false],
  ] as const)('%s: iOS %p, Android %p', (key, ios, android) => {
    expect(isIOS(UA[key])).toBe(ios);
    expect(isAndroid(UA[key])).toBe(android);
  });
});
