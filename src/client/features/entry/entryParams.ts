/**
 * The entry route's parameters (SPEC section 2): QRCode, BaseID, SheetID,
 * TableID, ShopID and hideTabBar, read from the query of the page address or
 * of the hash route, or from `q`, an encoded query (or whole scanned URL)
 * carrying the same fields.
 */
export interface EntryParams {
  QRCode: string;
  BaseID: string;
  SheetID: string;
  TableID: string;
  ShopID: string;
  hideTabBar: boolean;
}

const FIELDS = ['QRCode', 'BaseID', 'SheetID', 'TableID', 'ShopID'] as const;

function fromQ(q: string): URLSearchParams {
  let decoded = q;
  try {
    // A scanner may encode twice; decode until stable (bounded).
    for (let i = 0; i < 3 && /%[0-9a-f]{2}/i.test(decoded); i += 1) decoded = decodeURIComponent(decoded);
  } catch {
    return new URLSearchParams();
  }
  const query = decoded.includes('?') ? decoded.slice(decoded.lastIndexOf('?') + 1) : decoded;
  return new URLSearchParams(query.split('#')[0]);
}

export function readEntryParams(...queries: string[]): EntryParams {
  const result: EntryParams = { QRCode: '', BaseID: '', SheetID: '', TableID: '', ShopID: '', hideTabBar: false };
  let hide = '';
  for (const query of queries) {
    const params = new URLSearchParams(query);
    const sources = [params];
    const q = params.get('q');
    if (q) sources.push(fromQ(q));
    for (const source of sources) {
      for (const field of FIELDS) {
        const value = source.get(field)?.trim();
        if (value && !result[field]) result[field] = value.slice(0, 64);
      }
      const h = source.get('hideTabBar');
      if (h !== null && hide === '') hide = h;
    }
  }
  result.hideTabBar = hide !== '' && hide !== '0' && hide !== 'false';
  return result;
}

/** Which code to resolve: the most specific one the link carries. */
export function codeToResolve(p: EntryParams): { field: 'QRCode' | 'TableID' | 'BaseID' | 'ShopID'; value: string } | null {
  if (p.QRCode) return { field: 'QRCode', value: p.QRCode };
  if (p.TableID) return { field: 'TableID', value: p.TableID };
  if (p.BaseID) return { field: 'BaseID', value: p.BaseID };
  if (p.ShopID) return { field: 'ShopID', value: p.ShopID };
  return null;
}
