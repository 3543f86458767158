/** Who the customer is to the service: nobody yet, a guest, or a member. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface Member {
  VipID: string;
  VipName: string;
  isGuest: boolean;
}

export interface AuthState {
  member: Member | null;
  status: 'signedOut' | 'signingIn' | 'signedIn' | 'failed';
}

const initialState: AuthState = { member: null, status: 'signedOut' };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    signInStarted(state) {
      state.status = 'signingIn';
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
  selectors: {
    selectMember: (state) => state.member,
    selectAuthStatus: (state) => state.status,
  },
});

export const { signInStarted, memberSignedIn, signInFailed, memberSignedOut } = authSlice.actions;
export const { selectMember, selectAuthStatus } = authSlice.selectors;
