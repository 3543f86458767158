/**
 * The shell's own state: the interface language, the host browser, whether
 * the tab bar shows, and the toasts on screen.
 */
import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import type { MessageDescriptor } from 'react-intl';

export type Locale = 'zh-CN' | 'zh-TW' | 'en';

/** A toast shows either a message of ours (translated) or a text from the service. */
export type ToastContent =
  | { message: MessageDescriptor; values?: Record<string, string | number> }
  | { text: string };

export interface Toast {
  id: string;
  content: ToastContent;
}

export interface UiState {
  locale: Locale;
  hostId: string;
  hideTabBar: boolean;
  toasts: Toast[];
}

export const TOAST_MS = 2000;

const initialState: UiState = { locale: 'en', hostId: 'browser', hideTabBar: false, toasts: [] };

export const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    localeChosen(state, action: PayloadAction<Locale>) {
      state.locale = action.payload;
    },
    hostDetected(state, action: PayloadAction<string>) {
      state.hostId = action.payload;
    },
    tabBarHidden(state, action: PayloadAction<boolean>) {
      state.hideTabBar = action.payload;
    },
    toastShown: {
      reducer(state, action: PayloadAction<Toast>) {
        // The same text twice in a row is one toast.
        const last = state.toasts[state.toasts.length - 1];
        if (last && JSON.stringify(last.content) === JSON.stringify(action.payload.content)) return;
        state.toasts.push(action.payload);
        if (state.toasts.length > 3) state.toasts.shift();
      },
      prepare(content: ToastContent) {
        return { payload: { id: nanoid(), content } };
      },
    },
    toastExpired(state, action: PayloadAction<string>) {
      state.toasts = state.toasts.filter((t) => t.id !== action.payload);
    },
  },
  selectors: {
    selectLocale: (state) => state.locale,
    selectHostId: (state) => state.hostId,
    selectHideTabBar: (state) => state.hideTabBar,
    selectToasts: (state) => state.toasts,
  },
});

export const { localeChosen, hostDetected, tabBarHidden, toastShown, toastExpired } = uiSlice.actions;
export const { selectLocale, selectHostId, selectHideTabBar, selectToasts } = uiSlice.selectors;
