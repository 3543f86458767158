/**
 * The demo's kitchen stations and printers (issue 26 section 3,
 * migrations/017_printing.sql). The printers point at the printer simulator
 * on this machine (`npm run printer-sim`, docs/printing.md): ports 9100
 * (Big5), 9101 (GB18030) and 9102 (UTF-8). Without it their jobs wait in the
 * queue, retried with back-off, and print when it starts.
 */
import type { Queryable } from '../driver';
import { BASE, CLASS } from './demo';

export const DEMO_STATION = {
  wok: 'ST0000000101',
  drinks: 'ST0000000102',
  dessert: 'ST0000000103',
  quickKitchen: 'ST0000000301',
  quickDrinks: 'ST0000000302',
} as const;

export const DEMO_PRINTER = {
  wok: 'PR0000000101',
  bar: 'PR0000000102',
  quick: 'PR0000000301',
} as const;

/** The simulator's ports the demo's printers use. */
export const DEMO_PRINTER_PORTS = { big5: 9100, gb18030: 9101, utf8: 9102 } as const;

export async function seedPrintingDemo(tx: Queryable): Promise<void> {
  const stations: [
    id: string,
    base: string,
    names: [string, string, string],
    sort: number,
    classes: string[],
  ][] = [
    [
      DEMO_STATION.wok,
      BASE.dineIn,
      ['炒锅', '鑊', 'Wok'],
      1,
      [CLASS.rice, CLASS.noodles, CLASS.soups, CLASS.sets, CLASS.snacks],
    ],
    [DEMO_STATION.drinks, BASE.dineIn, ['水吧', '水吧', 'Drinks'], 2, [CLASS.drinks]],
    [DEMO_STATION.dessert, BASE.dineIn, ['甜品', '甜品', 'Dessert'], 3, [CLASS.desserts]],
    [
      DEMO_STATION.quickKitchen,
      BASE.quick,
      ['厨房', '廚房', 'Kitchen'],
      1,
      [CLASS.rice, CLASS.noodles, CLASS.soups, CLASS.sets, CLASS.snacks, CLASS.desserts],
    ],
    [DEMO_STATION.quickDrinks, BASE.quick, ['水吧', '水吧', 'Drinks'], 2, [CLASS.drinks]],
  ];
  for (const [id, base, [zh, tw, en], sort, classes] of stations) {
    await tx.query(
      'INSERT INTO station (station_id, base_id, station_name, station_name_tw, station_name_en, sort) VALUES ($1, $2, $3, $4, $5, $6)',
      [id, base, zh, tw, en, sort],
    );
    for (const c of classes)
      await tx.query('INSERT INTO station_class (station_id, class_id) VALUES ($1, $2)', [id, c]);
  }
  const printers: [
    id: string,
    base: string,
    name: string,
    port: number,
    encoding: string,
    width: number,
    lang: string,
    all: boolean,
    stations: string[],
  ][] = [
    [
      DEMO_PRINTER.wok,
      BASE.dineIn,
      'Wok',
      DEMO_PRINTER_PORTS.big5,
      'big5',
      80,
      'zh-TW',
      false,
      [DEMO_STATION.wok],
    ],
    [
      DEMO_PRINTER.bar,
      BASE.dineIn,
      'Bar',
      DEMO_PRINTER_PORTS.gb18030,
      'gb18030',
      58,
      'zh-CN',
      false,
      [DEMO_STATION.drinks, DEMO_STATION.dessert],
    ],
    [
      DEMO_PRINTER.quick,
      BASE.quick,
      'Kitchen',
      DEMO_PRINTER_PORTS.utf8,
      'utf8',
      80,
      'en',
      true,
      [],
    ],
  ];
  for (const [id, base, name, port, encoding, width, lang, all, st] of printers) {
    await tx.query(
      `INSERT INTO printer (printer_id, base_id, name, host, port, encoding, width_mm, lang, all_stations) VALUES ($1, $2, $3, '127.0.0.1', $4, $5, $6, $7, $8)`,
      [id, base, name, port, encoding, width, lang, all],
    );
    for (const s of st)
      await tx.query('INSERT INTO printer_station (printer_id, station_id) VALUES ($1, $2)', [
        id,
        s,
      ]);
  }
}
