/** The entry feature's public module: what other features and the app may use (house style 9). */
export { useRestoreShop } from './useRestoreShop';
export { prefetchEntry } from './enterShop';
export { readEntryParams } from './entryParams';
