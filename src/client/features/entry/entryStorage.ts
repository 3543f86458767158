/** The remembered scan, so a reload can rebuild the shop state (see useRestoreShop). */
import { codeToResolve, type EntryParams } from './entryParams';

export const ENTRY_STORAGE_KEY = 'entry';

export function rememberEntry(params: EntryParams): void {
  try {
    window.localStorage.setItem(ENTRY_STORAGE_KEY, JSON.stringify(params));
  } catch {
    // Storage refused: a reload will ask for a scan again.
  }
}

export function rememberedEntry(): EntryParams | null {
  try {
    const raw = window.localStorage.getItem(ENTRY_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<EntryParams>;
    const params: EntryParams = {
      QRCode: String(parsed.QRCode ?? ''),
      BaseID: String(parsed.BaseID ?? ''),
      SheetID: String(parsed.SheetID ?? ''),
      TableID: String(parsed.TableID ?? ''),
      ShopID: String(parsed.ShopID ?? ''),
      hideTabBar: Boolean(parsed.hideTabBar),
    };
    return codeToResolve(params) ? params : null;
  } catch {
    return null;
  }
}

export function forgetEntry(): void {
  try {
    window.localStorage.removeItem(ENTRY_STORAGE_KEY);
  } catch {
    // nothing to forget
  }
}
