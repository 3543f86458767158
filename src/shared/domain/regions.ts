/**
 * The regions a shipping address can be in (Area_BatchAreaSelectGet_Get):
 * Macau, Hong Kong and Guangdong, three levels deep, in three languages. Ids
 * follow the administrative division codes (GB/T 2260: 810000 Hong Kong,
 * 820000 Macau, 440000 Guangdong and its cities); Macau's and Hong Kong's
 * lower levels, which that code does not divide, use the same pattern.
 *
 * One table for both programs: the service seeds it (db/seed/regions.ts) and
 * answers it, the paste parser (addressParse.ts) recognises its names, so the
 * two cannot disagree. `aliases` are other ways people write a name (short
 * forms, Portuguese, without the suffix); they are for recognising only.
 */
export interface Region {
  id: string;
  parentId: string | null;
  level: 1 | 2 | 3;
  zh: string;
  tw: string;
  en: string;
  aliases?: readonly string[];
}

const r = (id: string, parentId: string | null, level: 1 | 2 | 3, zh: string, tw: string, en: string, aliases: string[] = []): Region => ({
  id,
  parentId,
  level,
  zh,
  tw,
  en,
  aliases,
});

export const REGION_TABLE: readonly Region[] = [
  // Macau (the demo's first rows, as db/seed/demo.ts has them).
  r('820000', null, 1, '澳门', '澳門', 'Macau', ['澳門特別行政區', '澳门特别行政区', 'Macao', 'Macau SAR', 'RAEM']),
  r('820100', '820000', 2, '澳门半岛', '澳門半島', 'Macau Peninsula', ['澳門本島', 'Peninsula de Macau']),
  r('820200', '820000', 2, '氹仔', '氹仔', 'Taipa', ['凼仔', '氹仔島']),
  r('820300', '820000', 2, '路环', '路環', 'Coloane', ['路環島']),
  r('820101', '820100', 3, '花地玛堂区', '花地瑪堂區', 'Our Lady of Fatima Parish', ['花地瑪堂', 'Fatima']),
  r('820102', '820100', 3, '圣安多尼堂区', '聖安多尼堂區', 'St. Anthony Parish', ['花王堂', '聖安多尼堂']),
  r('820103', '820100', 3, '大堂区', '大堂區', 'Se Parish', ['大堂']),
  r('820104', '820100', 3, '望德堂区', '望德堂區', 'St. Lazarus Parish', ['望德堂']),
  r('820105', '820100', 3, '风顺堂区', '風順堂區', 'St. Lawrence Parish', ['風順堂']),
  r('820201', '820200', 3, '嘉模堂区', '嘉模堂區', 'Our Lady of Carmel Parish', ['嘉模堂']),
  r('820202', '820200', 3, '路氹城', '路氹城', 'Cotai', ['路氹']),
  r('820301', '820300', 3, '圣方济各堂区', '聖方濟各堂區', 'St. Francis Xavier Parish', ['聖方濟各堂']),
  // Hong Kong.
  r('810000', null, 1, '香港', '香港', 'Hong Kong', ['香港特別行政區', '香港特别行政区', 'HK', 'HKSAR']),
  r('810100', '810000', 2, '香港岛', '香港島', 'Hong Kong Island', ['港島', '港岛', 'HK Island']),
  r('810200', '810000', 2, '九龙', '九龍', 'Kowloon', ['Kln']),
  r('810300', '810000', 2, '新界', '新界', 'New Territories', ['N.T.', 'NT']),
  r('810101', '810100', 3, '中西区', '中西區', 'Central and Western', ['Central & Western']),
  r('810102', '810100', 3, '湾仔区', '灣仔區', 'Wan Chai', ['灣仔', '湾仔']),
  r('810103', '810100', 3, '东区', '東區', 'Eastern'),
  r('810201', '810200', 3, '油尖旺区', '油尖旺區', 'Yau Tsim Mong', ['油尖旺']),
  r('810202', '810200', 3, '深水埗区', '深水埗區', 'Sham Shui Po', ['深水埗']),
  r('810203', '810200', 3, '九龙城区', '九龍城區', 'Kowloon City', ['九龍城', '九龙城']),
  r('810204', '810200', 3, '观塘区', '觀塘區', 'Kwun Tong', ['觀塘', '观塘']),
  r('810301', '810300', 3, '沙田区', '沙田區', 'Sha Tin', ['沙田', 'Shatin']),
  r('810302', '810300', 3, '荃湾区', '荃灣區', 'Tsuen Wan', ['荃灣', '荃湾']),
  r('810303', '810300', 3, '屯门区', '屯門區', 'Tuen Mun', ['屯門', '屯门']),
  // Guangdong.
  r('440000', null, 1, '广东省', '廣東省', 'Guangdong', ['广东', '廣東', 'Guangdong Province']),
  r('440100', '440000', 2, '广州市', '廣州市', 'Guangzhou', ['广州', '廣州']),
  r('440300', '440000', 2, '深圳市', '深圳市', 'Shenzhen', ['深圳']),
  r('440400', '440000', 2, '珠海市', '珠海市', 'Zhuhai', ['珠海']),
  r('440600', '440000', 2, '佛山市', '佛山市', 'Foshan', ['佛山']),
  r('441900', '440000', 2, '东莞市', '東莞市', 'Dongguan', ['东莞', '東莞']),
  r('442000', '440000', 2, '中山市', '中山市', 'Zhongshan', ['中山']),
  r('440104', '440100', 3, '越秀区', '越秀區', 'Yuexiu District', ['越秀', 'Yuexiu']),
  r('440105', '440100', 3, '海珠区', '海珠區', 'Haizhu District', ['海珠', 'Haizhu']),
  r('440106', '440100', 3, '天河区', '天河區', 'Tianhe District', ['天河', 'Tianhe']),
  r('440303', '440300', 3, '罗湖区', '羅湖區', 'Luohu District', ['罗湖', '羅湖', 'Luohu']),
  r('440304', '440300', 3, '福田区', '福田區', 'Futian District', ['福田', 'Futian']),
  r('440305', '440300', 3, '南山区', '南山區', 'Nanshan District', ['南山', 'Nanshan']),
  r('440402', '440400', 3, '香洲区', '香洲區', 'Xiangzhou District', ['香洲', 'Xiangzhou']),
  r('440403', '440400', 3, '斗门区', '斗門區', 'Doumen District', ['斗门', '斗門', 'Doumen']),
  r('440404', '440400', 3, '金湾区', '金灣區', 'Jinwan District', ['金湾', '金灣', 'Jinwan']),
];

export const regionById: ReadonlyMap<string, Region> = new Map(REGION_TABLE.map((x) => [x.id, x]));

/** The region and its ancestors, top level first. */
export function regionPath(id: string): Region[] {
  const path: Region[] = [];
  for (let at = regionById.get(id); at; at = at.parentId ? regionById.get(at.parentId) : undefined) path.unshift(at);
  return path;
}

/** The calling code of a region's top level: 853 Macau, 852 Hong Kong, 86 Guangdong. */
export function areaNoOfRegion(id: string): string {
  const top = regionPath(id)[0]?.id;
  return top === '820000' ? '853' : top === '810000' ? '852' : top === '440000' ? '86' : '';
}
