/** Who the customer is to the service: nobody yet, a guest, or a member. */
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface Member {
  VipID: string;
  VipName: string;
  isGuest: boolean;
}

export type AuthStatus =
  | 'signedOut'
  | 'signingIn'
  /** Gone to a provider's authorize page; the app reloads when it comes back. */
  | 'redirecting'
  /** The customer declined a provider's authorization: asked whether to authorize again. */
  | 'askingAuthorization'
  | 'signedIn'
  | 'failed';

export interface AuthState {
  member: Member | null;
  status: AuthStatus;
}

const initialState: AuthState = { member: null, status: 'signedOut' };

/** The customer chose to authorize again after declining (the saga goes back to the provider). */
export const authorizationRetryChosen = createAction('auth/authorizationRetryChosen');
/** The customer chose not to authorize (the saga goes on as a guest). */
export const authorizationDeclined = createAction('auth/authorizationDeclined');

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    signInStarted(state) {
      state.status = 'signingIn';
    },
    providerRedirectStarted(state) {
      state.status = 'redirecting';
    },
    authorizationAsked(state) {
      state.status = 'askingAuthorization';
    },
    memberSignedIn(state, action: PayloadAction<Member>) {
      state.member = action.payload;
      state.status = 'signedIn';
    },
    signInFailed(state) {
      state.status = 'failed';
    },
    memberSignedOut(state) {
      state.member = null;
      state.status = 'signedOut';
    },
  },
  extraReducers: (builder) => {
    builder.addCase(authorizationRetryChosen, (state) => {
      state.status = 'signingIn';
    });
    builder.addCase(authorizationDeclined, (state) => {
      state.status = 'signingIn';
    });
  },
  selectors: {
    selectMember: (state) => state.member,
    selectAuthStatus: (state) => state.status,
    /** Sign-in has come to an end, one way or the other (the entry page waits for it). */
    selectSignInSettled: (state) => state.status === 'signedIn' || state.status === 'failed',
    /** A sign-in is under way: the saga's, a guest's (ensureSession), a provider's page, or the customer's answer to it. */
    selectSignInUnderWay: (state) => state.status === 'signingIn' || state.status === 'redirecting' || state.status === 'askingAuthorization',
  },
});

export const {
  signInStarted,
  providerRedirectStarted,
  authorizationAsked,
  memberSignedIn,
  signInFailed,
  memberSignedOut,
} = authSlice.actions;
export const { selectMember, selectAuthStatus, selectSignInSettled, selectSignInUnderWay } = authSlice.selectors;
