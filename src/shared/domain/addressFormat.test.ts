/**
 * Addresses as their readers read them (issue 23 item 7): Macau, Hong Kong
 * and the mainland in English, traditional and simplified Chinese, from the
 * shapes they are stored in (the address book's three names in any
 * language, an order's one joined text, a guest's typed district).
 */
import { findRegion, formatAddress, type AddressLang } from './addressFormat';

const all = (parts: Parameters<typeof formatAddress>[0]) =>
  Object.fromEntries((['en', 'zh-TW', 'zh-CN'] as AddressLang[]).map((lang) => [lang, formatAddress(parts, lang)]));

describe('Macau', () => {
  test('the issue\'s address: an order\'s joined English region, the street and the room', () => {
    expect(all({ region: 'Macau Macau Peninsula Se Parish', street: 'Avenida de Almeida Ribeiro', house: 'Hotel Sintra, Room 808' })).toEqual({
      en: 'Hotel Sintra, Room 808, Avenida de Almeida Ribeiro, Sé, Macau',
      'zh-TW': '澳門大堂區 Avenida de Almeida Ribeiro, Hotel Sintra, Room 808',
      'zh-CN': '澳门大堂区 Avenida de Almeida Ribeiro, Hotel Sintra, Room 808',
    });
  });

  test('chosen in Chinese, written in Chinese: big to small without spaces; the region\'s names in the reader\'s language', () => {
    expect(all({ region: ['澳門', '澳門半島', '大堂區'], street: '新馬路 1 號', house: '8樓' })).toEqual({
      en: '8樓, 新馬路 1 號, Sé, Macau',
      'zh-TW': '澳門大堂區新馬路 1 號8樓',
      'zh-CN': '澳门大堂区新馬路 1 號8樓',
    });
  });

  test('a street that repeats the region drops the repeat; Taipa names its island (not its parish), Cotai itself', () => {
    expect(all({ region: '澳門 澳門半島 花地瑪堂區', street: '澳門高士德大馬路 66 號', house: '3樓B座' })).toEqual({
      en: '3樓B座, 高士德大馬路 66 號, Fátima, Macau',
      'zh-TW': '澳門花地瑪堂區高士德大馬路 66 號3樓B座',
      'zh-CN': '澳门花地玛堂区高士德大馬路 66 號3樓B座',
    });
    expect(all({ region: ['Macau', 'Taipa', 'Our Lady of Carmel Parish'], street: 'Rua de Bragança 12', house: '3/F A' })).toEqual({
      en: '3/F A, Rua de Bragança 12, Taipa, Macau',
      'zh-TW': '澳門氹仔 Rua de Bragança 12, 3/F A',
      'zh-CN': '澳门氹仔 Rua de Bragança 12, 3/F A',
    });
    expect(formatAddress({ region: 'Taipa', street: 'Rua de Bragança 12', house: '3/F A' }, 'en')).toBe('3/F A, Rua de Bragança 12, Taipa, Macau');
    expect(all({ region: '澳門 氹仔 路氹城', street: '路氹連貫公路', house: '威尼斯人 1 樓' })).toEqual({
      en: '威尼斯人 1 樓, 路氹連貫公路, Cotai, Macau',
      'zh-TW': '澳門路氹城路氹連貫公路威尼斯人 1 樓',
      'zh-CN': '澳门路氹城路氹連貫公路威尼斯人 1 樓',
    });
  });
});

describe('Hong Kong', () => {
  test('Kowloon: the district, Kowloon, Hong Kong', () => {
    expect(all({ region: ['Hong Kong', 'Kowloon', 'Yau Tsim Mong'], street: '100 Nathan Road', house: 'Flat C, 12/F' })).toEqual({
      en: 'Flat C, 12/F, 100 Nathan Road, Yau Tsim Mong, Kowloon, Hong Kong',
      'zh-TW': '香港九龍油尖旺區 100 Nathan Road, Flat C, 12/F',
      'zh-CN': '香港九龙油尖旺区 100 Nathan Road, Flat C, 12/F',
    });
  });

  test('Hong Kong Island is not written; Chinese streets read as one line', () => {
    expect(all({ region: '香港 香港島 灣仔區', street: '軒尼詩道 200 號', house: '5樓' })).toEqual({
      en: '5樓, 軒尼詩道 200 號, Wan Chai, Hong Kong',
      'zh-TW': '香港灣仔區軒尼詩道 200 號5樓',
      'zh-CN': '香港湾仔区軒尼詩道 200 號5樓',
    });
  });
});

describe('the mainland', () => {
  test('every level: province, city, district', () => {
    expect(all({ region: ['广东省', '广州市', '天河区'], street: '天河路 88 号', house: '808 室' })).toEqual({
      en: '808 室, 天河路 88 号, Tianhe District, Guangzhou, Guangdong',
      'zh-TW': '廣東省廣州市天河區天河路 88 号808 室',
      'zh-CN': '广东省广州市天河区天河路 88 号808 室',
    });
    expect(all({ region: 'Guangdong Shenzhen Nanshan District', street: '88 Keyuan Road', house: 'Room 1201' })).toEqual({
      en: 'Room 1201, 88 Keyuan Road, Nanshan District, Shenzhen, Guangdong',
      'zh-TW': '廣東省深圳市南山區 88 Keyuan Road, Room 1201',
      'zh-CN': '广东省深圳市南山区 88 Keyuan Road, Room 1201',
    });
  });

  test('a street named like its city keeps its name (only full region names are dropped)', () => {
    expect(formatAddress({ region: '广东省 中山市', street: '中山路 1 号', house: '2 楼' }, 'zh-CN')).toBe('广东省中山市中山路 1 号2 楼');
  });
});

describe('what is not a known region', () => {
  test('an unknown region is kept as written; words beside a known one are kept too', () => {
    expect(formatAddress({ region: 'Atlantis', street: '1 Main Street', house: 'Flat 2' }, 'en')).toBe('Flat 2, 1 Main Street, Atlantis');
    expect(formatAddress({ region: '澳門 大堂區 議事亭前地', street: '1 號', house: '2樓' }, 'zh-TW')).toBe('澳門大堂區議事亭前地1 號2樓');
    expect(formatAddress({ region: 'Macau Sé Largo do Senado', street: '1', house: '2/F' }, 'en')).toBe('2/F, 1, Largo do Senado, Sé, Macau');
  });

  test('no region, no house: the street alone (an order stored before the house was kept apart)', () => {
    expect(formatAddress({ region: '', street: 'Rua do Campo 1', house: '' }, 'en')).toBe('Rua do Campo 1');
    expect(formatAddress({ region: [], street: '', house: '' }, 'zh-CN')).toBe('');
  });

  test('findRegion: the deepest region named, whatever the language or accents', () => {
    expect(findRegion('Macau Macau Peninsula Se Parish')?.id).toBe('820103');
    expect(findRegion('澳门 氹仔')?.id).toBe('820200');
    expect(findRegion('Kowloon City')?.id).toBe('810203');
    expect(findRegion('Sé')?.id).toBe('820103');
    expect(findRegion('nowhere')).toBeNull();
  });
});
