/**
 * The kitchen's stations and expo as the screen reads them (issue 26 section
 * 2; the service's side is operations/orders/kitchenStations.ts): which
 * tickets a station's screen shows, each station's progress on a ticket, the
 * "all day" counts, the timers' colours, the chosen view per device.
 */
import type { StaffItem, StaffRound, StaffSheet } from '../api';
import { DEFAULT_AMBER_S, DEFAULT_RED_S } from '../../shared/domain/kitchenTimers';
import type { KitchenThresholdJson } from '../../shared/protocol/staffKitchen';

/** The expo: every order, each with its stations' progress (the board's columns). */
export const EXPO = 'expo';

/** A line still to cook: not voided, not done. */
export const toCook = (i: StaffItem) => !i.voided && !i.doneAt;

/** A round's lines for a station ('expo': all of them). */
export function linesAt(round: StaffRound, station: string): StaffItem[] {
  return station === EXPO ? round.items : round.items.filter((i) => (i.stationIds ?? []).includes(station));
}

/** Each station's progress on a round: its lines done (voided ones left out) of its lines. */
export function stationProgress(round: StaffRound, stations: readonly { stationId: string; name: string }[]) {
  return stations.flatMap((st) => {
    const lines = linesAt(round, st.stationId).filter((i) => !i.voided);
    if (lines.length === 0) return [];
    return [{ stationId: st.stationId, name: st.name, done: lines.filter((i) => i.doneAt).length, total: lines.length, bumped: (round.bumped ?? []).includes(st.stationId) }];
  });
}

/** The "all day" count: how many of each item are still to cook on the screen, most first. */
export function allDay(rounds: readonly StaffRound[], station: string): { name: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const round of rounds) {
    if (round.withdrawn) continue;
    for (const i of linesAt(round, station)) {
      if (!toCook(i)) continue;
      const name = i.skuItems ? `${i.goodsName} (${i.skuItems})` : i.goodsName;
      counts.set(name, (counts.get(name) ?? 0) + Number(i.qua || 0));
    }
  }
  return [...counts.entries()].map(([name, count]) => ({ name, count })).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

export type TimerColour = 'normal' | 'amber' | 'red';

/** The way of ordering a sheet's thresholds are set by. */
export const takeTypeOf = (s: StaffSheet): KitchenThresholdJson['takeType'] => (s.takeType === 'pickup' || s.takeType === 'delivery' ? s.takeType : 'dinein');

/** A timer's colour after `seconds`, by the thresholds of the sheet's way of ordering (default 5:00 and 8:00). */
export function timerColour(seconds: number, takeType: KitchenThresholdJson['takeType'], thresholds: readonly KitchenThresholdJson[]): TimerColour {
  const t = thresholds.find((x) => x.takeType === takeType);
  if (seconds >= (t?.redSeconds ?? DEFAULT_RED_S)) return 'red';
  if (seconds >= (t?.amberSeconds ?? DEFAULT_AMBER_S)) return 'amber';
  return 'normal';
}

/** m:ss (h:mm:ss past an hour). */
export function clockText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

const VIEW_KEY = (baseId: string) => `hbb.kitchen.view.${baseId}`;

/** The view this device last chose at the outlet (expo by default). */
export function savedView(baseId: string): string {
  try {
    return localStorage.getItem(VIEW_KEY(baseId)) || EXPO;
  } catch {
    return EXPO;
  }
}

export function saveView(baseId: string, view: string): void {
  try {
    localStorage.setItem(VIEW_KEY(baseId), view);
  } catch {
    // private mode: kept for this page only
  }
}

/** Keys of the voided lines on screen: the screen plays the void cue for one that appears among them. */
export function voidedKeys(sheets: readonly StaffSheet[]): Set<string> {
  const keys = new Set<string>();
  for (const s of sheets) for (const r of s.rounds ?? []) for (const i of r.items) if (i.voided) keys.add(`${s.sheetId}:${i.itemId}`);
  for (const s of sheets) for (const r of s.rounds ?? []) if (r.withdrawn) keys.add(`${s.sheetId}:round:${r.roundNo}`);
  return keys;
}
