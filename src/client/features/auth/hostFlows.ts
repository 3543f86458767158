/**
 * The in-app hosts' sign-in steps (authSaga.ts runs them): loaded only in an
 * in-app browser, so a plain browser's first screen does not carry them.
 */
import { call, put, select, take } from 'redux-saga/effects';
import type { UnknownAction } from '@reduxjs/toolkit';
import { errors } from '../../i18n/specMessages';
import type { Refusal } from '../../app/errorListener';
import type { GatewayError } from '../../app/baseQuery';
import { isTestMode } from '../../app/config';
import { toastShown, selectLocale } from '../../app/uiSlice';
import type { HostEntry } from '../../host/detect';
import type { RootState } from '../../app/store';
import { ErrorCode } from '../../../shared/protocol/envelope';
import {
  sexFromHost,
  splitPhoneKey,
} from '../../../shared/domain/member';
import {
  authApi,
  type HostToken,
  type HostUserInfo,
  type RegisterArgs,
  authorizationAsked,
  authorizationDeclined,
  authorizationRetryChosen,
  providerRedirectStarted,
  type Member,
  forgetOpenUserInfo,
  hostRegisterFields,
  type OpenUserInfo,
  identityBase,
  type FoodAppBridge,
  type SignInEnv,
} from '../../session';
import {
  messages,
  OAUTH_STATE_KEY,
  OAUTH_TRIES_KEY,
  MAX_AUTHORIZE_REDIRECTS,
  ALIPAY_TRIES,
} from './signInMessages';
import { run, type Result } from './runEndpoint';

export type HostFlowOutcome = OpenUserInfo | 'redirected' | null;
type CodeHost = 'mpay' | 'alipay';

const refusalText = (error: GatewayError) => ('message' in error ? error.message : '');

function withoutParams(href: string, names: string[]): string {
  const url = new URL(href);
  for (const n of names) url.searchParams.delete(n);
  return url.toString();
}

function* acceptLanguage() {
  const locale: string = yield select(selectLocale);
  return { 'Accept-Language': locale };
}

export function* shopIds() {
  const state: RootState = yield select();
  return {
    ShopID: state.shop.params.ShopID || undefined,
    BaseID: state.shop.params.BaseID || undefined,
    MinaAppID: state.shop.shopInfo?.MinaAppID ?? '',
    MinaID: state.shop.shopInfo?.MinaID ?? '',
  };
}

// Chat app -----------------------------------------------------------------------

function* redirectToAuthorize(env: SignInEnv, appid: string) {
  const tries = Number(env.session.getItem(OAUTH_TRIES_KEY) ?? '0') || 0;
  if (tries >= MAX_AUTHORIZE_REDIRECTS) {
    env.session.removeItem(OAUTH_TRIES_KEY);
    yield put(toastShown({ message: messages.hostSignInFailed }));
    return null;
  }
  env.session.setItem(OAUTH_TRIES_KEY, String(tries + 1));
  const state = env.newState();
  env.session.setItem(OAUTH_STATE_KEY, state);
  const redirectUri = withoutParams(env.href(), ['code', 'state']);
  const query = new URLSearchParams({
    appid,
    redirect_uri: redirectUri,
    state,
    scope: 'snsapi_userinfo',
  });
  yield put(providerRedirectStarted());
  yield call([env, env.redirect], `${identityBase()}/chat/authorize?${query.toString()}`);
  return 'redirected' as const;
}

interface ChatUserInfo {
  errcode?: number | string;
  openid?: string;
  unionid?: string;
  nickname?: string;
  headimgurl?: string;
  sex?: number;
  accessToken?: string;
}

export function* chatFlow(env: SignInEnv): Generator<unknown, HostFlowOutcome, never> {
  const { MinaAppID, MinaID } = (yield call(shopIds)) as { MinaAppID: string; MinaID: string };
  // A shop with no chat-app id cannot sign in through it.
  if (!MinaAppID) return null;
  const url = new URL(env.href());
  const code = url.searchParams.get('code');
  const state = url.searchParams.get('state');
  if (code === null && state === null)
    return (yield call(redirectToAuthorize, env, MinaAppID)) as HostFlowOutcome;

  // Back from the provider: the code is spent whatever happens next.
  env.replaceUrl(withoutParams(env.href(), ['code', 'state']));
  const expected = env.session.getItem(OAUTH_STATE_KEY);
  env.session.removeItem(OAUTH_STATE_KEY);
  if (!code) {
    // Declined on the provider's page.
    env.session.removeItem(OAUTH_TRIES_KEY);
    yield put(authorizationAsked());
    const choice = (yield take([
      authorizationRetryChosen.type,
      authorizationDeclined.type,
    ])) as UnknownAction;
    if (choice.type === authorizationDeclined.type) return null;
    return (yield call(redirectToAuthorize, env, MinaAppID)) as HostFlowOutcome;
  }
  // A code that is not the answer to our own request is not used.
  if (!expected || expected !== state)
    return (yield call(redirectToAuthorize, env, MinaAppID)) as HostFlowOutcome;

  let answer: ChatUserInfo | null = null;
  try {
    const headers = (yield call(acceptLanguage)) as Record<string, string>;
    const query = new URLSearchParams({ code, appid: MinaAppID, state });
    answer = (yield call(
      [env, env.getJson],
      `${identityBase()}/chat/userinfo?${query.toString()}`,
      headers,
    )) as ChatUserInfo;
  } catch {
    answer = null;
  }
  // SPEC section 8: a chat-app failure goes back to the provider's OAuth page.
  if (!answer || Number(answer.errcode ?? 0) !== 0 || !answer.openid || !answer.accessToken) {
    return (yield call(redirectToAuthorize, env, MinaAppID)) as HostFlowOutcome;
  }
  env.session.removeItem(OAUTH_TRIES_KEY);
  return {
    provider: 'chat',
    openid: answer.openid,
    unionid: answer.unionid ?? '',
    MinaID,
    nickname: answer.nickname ?? '',
    headimgurl: answer.headimgurl ?? '',
    sex: sexFromHost('chat', answer.sex),
    accessToken: answer.accessToken,
    phone: '',
  };
}

// Payment apps ------------------------------------------------------------------------

interface PayAppUserInfo {
  errcode?: string | number;
  errmsg?: string;
  data?: {
    openid?: string;
    nickname?: string;
    headimgurl?: string;
    phone?: string;
    accessToken?: string;
    sex?: number;
  } | null;
}

export function* paymentAppFlow(
  env: SignInEnv,
  host: CodeHost,
): Generator<unknown, HostFlowOutcome, never> {
  const url = new URL(env.href());
  const code = url.searchParams.get('code') ?? url.searchParams.get('auth_code');
  // Opened without an auth code: nothing to know the member by.
  if (!code) return null;
  env.replaceUrl(withoutParams(env.href(), ['code', 'auth_code']));
  const { MinaID } = (yield call(shopIds)) as { MinaID: string };
  const headers = (yield call(acceptLanguage)) as Record<string, string>;
  const query =
    host === 'mpay'
      ? new URLSearchParams({ code, IsDebug: isTestMode(new URL(env.href())) ? '1' : '0' })
      : new URLSearchParams({ code });
  const tries = host === 'alipay' ? ALIPAY_TRIES : 1;
  for (let attempt = 1; attempt <= tries; attempt += 1) {
    let answer: PayAppUserInfo;
    try {
      answer = (yield call(
        [env, env.getJson],
        `${identityBase()}/${host}/userinfo?${query.toString()}`,
        headers,
      )) as PayAppUserInfo;
      if (!answer || typeof answer !== 'object') throw new Error('not an object');
    } catch {
      // SPEC section 8: a user-info answer that cannot be read shows a message, then the flow gives up.
      yield put(toastShown({ message: messages.userInfoUnreadable }));
      return null;
    }
    const data = answer.data;
    if (String(answer.errcode) === '0' && data?.openid && data.accessToken) {
      return {
        provider: host,
        openid: data.openid,
        unionid: '',
        MinaID,
        nickname: data.nickname ?? '',
        headimgurl: data.headimgurl ?? '',
        sex: sexFromHost(host, data.sex),
        accessToken: data.accessToken,
        phone: data.phone ?? '',
      };
    }
    if (host === 'mpay') {
      // SPEC section 8: the payment app's user-info error shows the server's message.
      yield put(
        answer.errmsg
          ? toastShown({ text: answer.errmsg })
          : toastShown({ message: messages.hostSignInFailed }),
      );
      return null;
    }
    if (attempt < tries) yield call([env, env.sleep], 300 * attempt);
  }
  yield put(toastShown({ message: messages.hostSignInFailed }));
  return null;
}

// Food app --------------------------------------------------------------------------

function bridgeToken(bridge: FoodAppBridge): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let done = false;
    const finish = (err: unknown, code?: string) => {
      if (done) return;
      done = true;
      if (err || !code) reject(err ?? new Error('no token'));
      else resolve(code);
    };
    try {
      const answer = bridge.getAccessToken(finish);
      if (answer && typeof answer.then === 'function')
        answer.then(
          (code) => finish(null, code),
          (err: unknown) => finish(err ?? new Error('refused')),
        );
    } catch (err) {
      finish(err);
    }
  });
}

export function* foodAppFlow(env: SignInEnv): Generator<unknown, HostFlowOutcome, never> {
  const bridge = env.foodAppBridge();
  if (!bridge || typeof bridge.getAccessToken !== 'function') {
    yield put(toastShown({ message: errors.hostInstanceFailed }));
    return null;
  }
  let code: string;
  try {
    code = (yield call(bridgeToken, bridge)) as string;
  } catch {
    yield put(toastShown({ message: errors.accessTokenFailed }));
    return null;
  }
  const token = (yield call(
    run,
    authApi.endpoints.hostAccessToken.initiate({ Code: code, Provider: 'foodapp' }),
  )) as Result<HostToken>;
  if ('error' in token) {
    yield put(toastShown({ message: errors.accessTokenFailed }));
    return null;
  }
  const info = (yield call(
    run,
    authApi.endpoints.hostUserInfo.initiate({
      AccessToken: token.data.accessToken,
      OpenID: token.data.openid,
    }),
  )) as Result<HostUserInfo>;
  if ('error' in info) {
    yield put(toastShown({ message: messages.userInfoUnreadable }));
    return null;
  }
  const { MinaID } = (yield call(shopIds)) as { MinaID: string };
  return {
    provider: 'foodapp',
    openid: token.data.openid,
    unionid: token.data.unionid || info.data.unionid,
    MinaID,
    nickname: info.data.nickname,
    headimgurl: info.data.headimgurl,
    sex: sexFromHost('foodapp', info.data.sex),
    accessToken: token.data.accessToken,
    phone: info.data.phone,
  };
}

// Login or register by openid ------------------------------------------------------------

/** The member behind a host identity: signed in, or registered when there is none; null when neither works. */
export function* memberFromOpenUser(
  env: SignInEnv,
  info: OpenUserInfo,
): Generator<unknown, Member | null, never> {
  const login = (yield call(
    run,
    authApi.endpoints.loginByOpenId.initiate({
      OpenID: info.openid,
      MinaID: info.MinaID,
      AccessToken: info.accessToken,
    }),
  )) as Result<Member>;
  if ('data' in login) return login.data;
  if (!('code' in login.error) || login.error.code !== ErrorCode.memberNotFound) {
    // The token is no longer good (or the service is unreachable): the kept info is useless.
    forgetOpenUserInfo(env.session);
    return null;
  }
  const ids = (yield call(shopIds)) as { ShopID?: string; BaseID?: string };
  const base: RegisterArgs = {
    RegisterType: 2,
    ...hostRegisterFields(info),
    ShopID: ids.ShopID,
    BaseID: ids.BaseID,
    silent: true,
  };
  const phone = splitPhoneKey(info.phone);
  let registered = (yield call(
    run,
    authApi.endpoints.register.initiate(
      phone ? { ...base, RegisterType: 0, Phone: phone.phone, AreaNo: phone.areaNo } : base,
    ),
  )) as Result<Member>;
  // A phone the service will not take from this host: register without it.
  if (
    'error' in registered &&
    phone &&
    'code' in registered.error &&
    registered.error.kind === 'business'
  ) {
    registered = (yield call(run, authApi.endpoints.register.initiate(base))) as Result<Member>;
  }
  if ('data' in registered) return registered.data;
  const text = refusalText(registered.error);
  if ((registered.error as Refusal).kind === 'business' && text) yield put(toastShown({ text }));
  return null;
}

/** The host's own flow, by its sign-in kind (host/detect.ts). */
export function* hostFlow(env: SignInEnv, host: HostEntry) {
  if (host.signIn === 'oauth') return (yield call(chatFlow, env)) as HostFlowOutcome;
  if (host.signIn === 'code' && (host.id === 'mpay' || host.id === 'alipay'))
    return (yield call(paymentAppFlow, env, host.id)) as HostFlowOutcome;
  if (host.signIn === 'hostToken') return (yield call(foodAppFlow, env)) as HostFlowOutcome;
  return null;
}
