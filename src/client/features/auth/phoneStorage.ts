/**
 * What the phone pages keep in session storage (no slice): the calling code
 * last chosen on areaCodeSelect, and when each phone may be sent another code.
 */
import { readSession, writeSession } from '../../host/storage';
import { isAreaNo } from './phoneRules';

/** Session storage key of the last calling code chosen on areaCodeSelect. */
export const AREA_NO_KEY = 'areaNo';
export const DEFAULT_AREA_NO = '853';
const RESEND_KEY = 'smsResendUntil';

/** The calling code a phone page starts with: the AreaNo query parameter, else the last choice, else Macau's. */
export function initialAreaNo(search: string): string {
  const fromQuery = new URLSearchParams(search).get('AreaNo');
  if (isAreaNo(fromQuery)) return fromQuery;
  const stored = readSession(AREA_NO_KEY);
  return isAreaNo(stored) ? stored : DEFAULT_AREA_NO;
}

/** When another code may be asked for each phone key (epoch ms). */
export function readResendMap(): Record<string, number> {
  try {
    const value = JSON.parse(readSession(RESEND_KEY) ?? '{}') as unknown;
    return value && typeof value === 'object' ? (value as Record<string, number>) : {};
  } catch {
    return {};
  }
}

export function writeResendMap(untils: Record<string, number>): void {
  writeSession(RESEND_KEY, JSON.stringify(untils));
}
