/**
 * The outlet form's draft: the settings as the form's text fields hold them
 * (numbers as typed), read from what the service answered and turned back
 * into what it takes (checked by the shared rules, shared/domain/outletSettings.ts).
 */
import { WEEK_DAYS } from '../../../shared/domain/outletSettings';
import type { OutletSettingsInput } from '../../../shared/protocol/staffOutlets';
import type { OutletSettings } from './outletsApi';

/** The form's text fields (numbers as typed). */
export interface Draft {
  address: string;
  addressTw: string;
  addressEn: string;
  lat: string;
  lng: string;
  timeZone: string;
  days: Record<string, { begin: string; end: string }[]>;
  closedDates: string;
  businessMode: 0 | 1 | 2;
  payMode: 'prepay' | 'postpay';
  webOrderMinutes: string;
  delivers: boolean;
  zoneKind: 'radius' | 'polygon';
  km: string;
  points: [number, number][];
  fee: string;
  minAmount: string;
  freeAbove: string;
  serviceChargePercent: string;
  tipEnabled: boolean;
}

const numText = (n: number | null) => (n === null ? '' : String(n));

export function draftOf(o: OutletSettings): Draft {
  return {
    address: o.address,
    addressTw: o.addressTw,
    addressEn: o.addressEn,
    lat: numText(o.lat),
    lng: numText(o.lng),
    timeZone: o.timeZone,
    days: Object.fromEntries(WEEK_DAYS.map((d) => [String(d), [...(o.hours.days[String(d) as '1'] ?? [])]])),
    closedDates: o.hours.closedDates.join(', '),
    businessMode: o.businessMode,
    payMode: o.payMode,
    webOrderMinutes: String(o.webOrderMinutes),
    delivers: o.delivery.enabled,
    zoneKind: o.delivery.zone.kind,
    km: o.delivery.zone.kind === 'radius' ? String(o.delivery.zone.km) : '',
    points: o.delivery.zone.kind === 'polygon' ? o.delivery.zone.points : [],
    fee: String(o.delivery.fee),
    minAmount: String(o.delivery.minAmount),
    freeAbove: numText(o.delivery.freeAbove),
    serviceChargePercent: String(o.serviceChargePercent),
    tipEnabled: o.tipEnabled,
  };
}

/** A typed number ('' and junk as NaN, so the rules refuse it; '' is null where allowed). */
export const num = (text: string) => (text.trim() === '' ? NaN : Number(text.replace(',', '.')));
const numOrNull = (text: string) => (text.trim() === '' ? null : num(text));

export function inputOf(d: Draft): OutletSettingsInput {
  return {
    address: d.address,
    addressTw: d.addressTw,
    addressEn: d.addressEn,
    lat: numOrNull(d.lat),
    lng: numOrNull(d.lng),
    timeZone: d.timeZone.trim(),
    hours: {
      days: d.days as OutletSettingsInput['hours']['days'],
      closedDates: d.closedDates
        .split(/[,，\s]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    },
    businessMode: d.businessMode,
    payMode: d.payMode,
    webOrderMinutes: num(d.webOrderMinutes),
    delivery: {
      enabled: d.delivers,
      zone: d.zoneKind === 'radius' ? { kind: 'radius', km: num(d.km) } : { kind: 'polygon', points: d.points },
      fee: num(d.fee),
      minAmount: num(d.minAmount),
      freeAbove: numOrNull(d.freeAbove),
    },
    serviceChargePercent: num(d.serviceChargePercent),
    tipEnabled: d.tipEnabled,
  };
}
