/**
 * Which browser the app runs in (SPEC section 1): a chat-app browser, the
 * Macau payment-app browser, two other payment-app browsers, a food-app host,
 * or a plain browser.
 *
 * {@link HOSTS} is the one table of hosts; {@link detectHost} walks it in
 * order and takes the first entry that matches, either by a user-agent
 * marker or by the host object the app injects into the page. The order is
 * deliberate:
 * 1. the food-app host first: its injected bridge object is the strongest
 *    evidence there is, and its web view may carry other apps' markers;
 * 2. then the local payment apps (MPay, BOC Pay), whose web views are built
 *    on SDKs that may copy the big apps' markers (an MPay user agent that
 *    also says "AlipayClient" is MPay);
 * 3. then Alipay and WeChat, whose markers are the ones copied;
 * 4. the plain browser is the fallback and has no markers.
 *
 * Choices, since the SPEC names no products:
 * - chat app: WeChat, marker `MicroMessenger`; signs in by redirecting to
 *   its OAuth page (SPEC section 8: "redirects to the provider's OAuth page").
 * - Macau payment app: MPay (Macau Pass), marker `MPay` as a word; signs in
 *   with an auth code from its bridge ("Macau pay user info (code)").
 * - Alipay (incl. AlipayHK, whose marker is `AlipayClientHK`): markers
 *   `AlipayClient` and `AliApp(AP/`; auth code ("alipay user info (code)").
 * - the other payment app: BOC Pay (Bank of China Macau), marker `BOCPay`
 *   as a word. The SPEC lists no user-info call for it, so it has no host
 *   sign-in ('none'): the member signs in as in a plain browser. The marker
 *   is our assumption, to be checked against a real device.
 * - food-app host: an mFood/Aomi-style delivery app, detected by the
 *   `mFoodJSBridge` object it injects on `window` or by the `mFood` word in
 *   its user agent; it hands the page an access token ('hostToken'; SPEC
 *   section 8: "failed to get access token", "failed to create host
 *   instance" when the object is missing).
 * - Payment apps (MPay, Alipay, BOC Pay) force traditional Chinese.
 */

export type HostId = 'chat' | 'mpay' | 'alipay' | 'payapp' | 'foodapp' | 'browser';

/**
 * How a member is recognised in the host:
 * - 'oauth': redirect to the provider's OAuth page, which returns a code;
 * - 'code': ask the host app's bridge for an auth code, exchange it for the user;
 * - 'hostToken': the host object hands over an access token;
 * - 'none': no host identity (stored member, guest, or phone login).
 */
export type SignIn = 'oauth' | 'code' | 'hostToken' | 'none';

export interface HostEntry {
  id: HostId;
  /** A name for logs and the browser-prompt page. */
  label: string;
  /** Any of these in the user agent means this host. */
  uaMarkers: readonly RegExp[];
  /** A property of `window` that the host injects; its presence means this host. */
  hostObject?: string;
  forcesTraditionalChinese: boolean;
  signIn: SignIn;
  /** A payment app's in-app browser. */
  paymentApp: boolean;
}

export const HOSTS: readonly HostEntry[] = [
  {
    id: 'foodapp',
    label: 'mFood',
    uaMarkers: [/\bmFood\b/i],
    hostObject: 'mFoodJSBridge',
    forcesTraditionalChinese: false,
    signIn: 'hostToken',
    paymentApp: false,
  },
  {
    id: 'mpay',
    label: 'MPay',
    uaMarkers: [/\bMPay\b/i],
    forcesTraditionalChinese: true,
    signIn: 'code',
    paymentApp: true,
  },
  {
    id: 'payapp',
    label: 'BOC Pay',
    uaMarkers: [/\bBOCPay\b/i],
    forcesTraditionalChinese: true,
    signIn: 'none',
    paymentApp: true,
  },
  {
    id: 'alipay',
    label: 'Alipay',
    uaMarkers: [/AlipayClient/i, /AliApp\(AP\//i],
    forcesTraditionalChinese: true,
    signIn: 'code',
    paymentApp: true,
  },
  {
    id: 'chat',
    label: 'WeChat',
    uaMarkers: [/MicroMessenger/i],
    forcesTraditionalChinese: false,
    signIn: 'oauth',
    paymentApp: false,
  },
  {
    id: 'browser',
    label: 'Browser',
    uaMarkers: [],
    forcesTraditionalChinese: false,
    signIn: 'none',
    paymentApp: false,
  },
];

export type DeviceOs = 'ios' | 'android' | 'other';

export interface HostInfo {
  id: HostId;
  label: string;
  forcesTraditionalChinese: boolean;
  signIn: SignIn;
  paymentApp: boolean;
  /** Any host but the plain browser. */
  inApp: boolean;
  os: DeviceOs;
  /** What identified the host. */
  matchedBy: 'hostObject' | 'userAgent' | 'fallback';
}

/**
 * iPhone, iPad or iPod, including an iPad asking for the desktop site
 * inside an app's web view ("Macintosh" with "Mobile/").
 */
export function isIOS(ua: string): boolean {
  return /\b(iPhone|iPad|iPod)\b/.test(ua) || (/\bMacintosh\b/.test(ua) && /\bMobile\//.test(ua));
}

/** Android (HarmonyOS's Android-compatible user agents included). */
export function isAndroid(ua: string): boolean {
  return /\bAndroid\b/i.test(ua);
}

function osOf(ua: string): DeviceOs {
  if (isIOS(ua)) return 'ios';
  if (isAndroid(ua)) return 'android';
  return 'other';
}

function defaultWindow(): Record<string, unknown> | undefined {
  return typeof window === 'undefined' ? undefined : (window as unknown as Record<string, unknown>);
}

const FALLBACK = HOSTS[HOSTS.length - 1] as HostEntry;

/**
 * The host the app runs in: the first entry of {@link HOSTS} whose host
 * object is on `win` (default: the page's window) or one of whose markers is
 * in the user agent; else the plain browser.
 */
export function detectHost(
  ua: string,
  win: Record<string, unknown> | undefined = defaultWindow(),
): HostInfo {
  let entry: HostEntry = FALLBACK;
  let matchedBy: HostInfo['matchedBy'] = 'fallback';
  for (const candidate of HOSTS) {
    if (candidate.hostObject && win && win[candidate.hostObject] != null) {
      entry = candidate;
      matchedBy = 'hostObject';
      break;
    }
    if (candidate.uaMarkers.some((marker) => marker.test(ua))) {
      entry = candidate;
      matchedBy = 'userAgent';
      break;
    }
  }
  return {
    id: entry.id,
    label: entry.label,
    forcesTraditionalChinese: entry.forcesTraditionalChinese,
    signIn: entry.signIn,
    paymentApp: entry.paymentApp,
    inApp: entry.id !== 'browser',
    os: osOf(ua),
    matchedBy,
  };
}

/** The plain browser, for code that runs before (or without) detection: tests, the store's default. */
export const PLAIN_BROWSER: HostInfo = detectHost('', {});
