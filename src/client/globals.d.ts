/** Build-time settings (webpack DefinePlugin; Jest globals). */
declare const __API_HOST__: string;
declare const __TEST_API_HOST__: string;
declare const __IDENTITY_BASE__: string;
declare const __APP_VERSION__: string;
declare const __DEV__: boolean;
