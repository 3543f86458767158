/** Build-time settings (webpack DefinePlugin; Jest globals). */
declare const __API_HOST__: string;
declare const __TEST_API_HOST__: string;
declare const __IDENTITY_BASE__: string;
declare const __APP_VERSION__: string;
declare const __DEV__: boolean;
/** The address map's XYZ tile server (MAP_TILES_URL) and its credit line; '' asks the service (/map/config). */
declare const __MAP_TILES_URL__: string;
declare const __MAP_ATTRIBUTION__: string;
/** Style sheets are imported as text (webpack asset/source) and added by the page that needs them. */
declare module '*.css' {
  const css: string;
  export default css;
}
/** A part of a locale's messages (scripts/compile-messages-loader.cjs, i18n/messageParts.ts). */
declare module '*.json?part=first' {
  const messages: Record<string, string>;
  export default messages;
}
declare module '*.json?part=later' {
  const messages: Record<string, string>;
  export default messages;
}
/** The page head's drawing of the first screen (boot/headStart.ts): settles once it is painted, or there is none. Absent: no table link. */
interface Window {
  hbbFirstScreen?: Promise<unknown>;
}
