/**
 * The address book's helpers over the real HTTP service: the region tree
 * (Area_BatchAreaSelectGet_Get) in three languages, reverse and forward
 * geocoding from the street gazetteer (Common_AddressResolutionGet_Get), and
 * the map's tile source and own tiles (/map/config, /map/tiles).
 */
import { ErrorCode } from '../../../shared/protocol/envelope';
import { REGION_TABLE } from '../../../shared/domain/regions';
import { startHarness, GatewayClient, type Harness } from '../../test/harness';
import { ok } from '../../test/signIn';
import { renderTile, worldPixel } from '../../http/mapTiles';

jest.setTimeout(90_000);

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const client = (lang = 'en') => new GatewayClient(h.url, lang);

describe('Area_BatchAreaSelectGet_Get', () => {
  test('the whole tree: Macau, Hong Kong and Guangdong with their cities and districts', async () => {
    const res = await client().call('Area_BatchAreaSelectGet_Get', [{}]);
    ok(res);
    const rows = res.data.table1 ?? [];
    expect(rows).toHaveLength(REGION_TABLE.length);
    expect(rows.filter((r) => r.Level === 1).map((r) => r.AreaName)).toEqual(['Guangdong', 'Hong Kong', 'Macau']);
    expect(rows.find((r) => r.AreaID === '820200')).toEqual({
      AreaID: '820200', ParentID: '820000', Level: 2, AreaName: 'Taipa', AreaNameZH: '氹仔', AreaNameTW: '氹仔', AreaNameEN: 'Taipa', HasChildren: 1,
    });
    expect(rows.find((r) => r.AreaID === '440106')).toMatchObject({ ParentID: '440100', Level: 3, HasChildren: 0 });
  });

  test("a region's children, named in the caller's language", async () => {
    const tw = await client('zh-TW').call('Area_BatchAreaSelectGet_Get', [{ ParentID: '810000' }]);
    ok(tw);
    expect(tw.data.table1?.map((r) => r.AreaName)).toEqual(['香港島', '九龍', '新界']);
    const cn = await client('zh-CN').call('Area_BatchAreaSelectGet_Get', [{ ParentID: '440000' }]);
    expect(cn.data.table1?.map((r) => r.AreaName)).toEqual(['广州市', '深圳市', '珠海市', '佛山市', '东莞市', '中山市']);
    expect((await client().call('Area_BatchAreaSelectGet_Get', [{ ParentID: '999999' }])).data.table1).toEqual([]);
  });
});

describe('Common_AddressResolutionGet_Get', () => {
  test('a position on Avenida de Almeida Ribeiro resolves to it, in three languages', async () => {
    const at = { GPS_Lng: 113.5412, GPS_Lat: 22.1932 };
    const en = await client().call('Common_AddressResolutionGet_Get', [at]);
    ok(en);
    const [row] = en.data.table1 ?? [];
    expect(row).toMatchObject({
      RegionID: '820103', Province: 'Macau', City: 'Macau Peninsula', District: 'Se Parish', MainAddress: 'Avenida de Almeida Ribeiro',
      MainAddressZH: '新马路', MainAddressTW: '新馬路', MainAddressEN: 'Avenida de Almeida Ribeiro',
    });
    expect(Number(row!.Distance)).toBeLessThan(60);
    expect(Math.abs(Number(row!.GPS_Lat) - 22.1932)).toBeLessThan(0.001);
    const tw = await client('zh-TW').call('Common_AddressResolutionGet_Get', [at]);
    expect(tw.data.table1?.[0]).toMatchObject({ Province: '澳門', City: '澳門半島', District: '大堂區', MainAddress: '新馬路' });
    const cn = await client('zh-CN').call('Common_AddressResolutionGet_Get', [{ GPS_Lng: 113.5565, GPS_Lat: 22.1549 }]);
    expect(cn.data.table1?.[0]).toMatchObject({ Province: '澳门', City: '氹仔', District: '嘉模堂区', MainAddress: '布拉干萨街' });
  });

  test('a position far from every street is not resolved', async () => {
    for (const [lang, text] of [
      ['en', 'The address you selected is not resolved to the result!'],
      ['zh-TW', '您選擇的地址未能解析出結果！'],
    ]) {
      const res = await client(lang).call('Common_AddressResolutionGet_Get', [{ GPS_Lng: 113.58, GPS_Lat: 22.17 }]);
      expect(res.errcode).toBe(ErrorCode.business);
      expect(res.errmsg).toBe(text);
    }
  });

  test('an address text: the street it names and where it is', async () => {
    const res = await client().call('Common_AddressResolutionGet_Get', [{ Address: '新馬路123號2樓A' }]);
    ok(res);
    expect(res.data.table1?.[0]).toMatchObject({ MainAddress: 'Avenida de Almeida Ribeiro', Distance: '' });
    const pt = await client().call('Common_AddressResolutionGet_Get', [{ Address: '66 Av. de Horta e Costa' }]);
    expect(pt.data.table1?.[0]).toMatchObject({ RegionID: '820102' });
    expect((await client().call('Common_AddressResolutionGet_Get', [{ Address: 'Nowhere Lane 1' }])).errmsg).toBe('The address you selected is not resolved to the result!');
  });

  test('half a position, or nothing at all, is a bad request', async () => {
    expect((await client().call('Common_AddressResolutionGet_Get', [{ GPS_Lng: 113.54 }])).errcode).toBe(ErrorCode.badRequest);
    expect((await client().call('Common_AddressResolutionGet_Get', [{}])).errcode).toBe(ErrorCode.badRequest);
  });
});

describe('map tiles', () => {
  test('without MAP_TILES_URL the config names the service\'s own tiles', async () => {
    const res = await fetch(`${h.url}/map/config`);
    expect(await res.json()).toEqual({ tilesUrl: '/map/tiles/{z}/{x}/{y}.svg', attribution: 'HBB street sketch', maxZoom: 19 });
  });

  test('a tile over Senado Square draws its streets, named in the asked language', async () => {
    const z = 17;
    const [px, py] = worldPixel([113.5395, 22.1936], z);
    const [x, y] = [Math.floor(px / 256), Math.floor(py / 256)];
    const res = await fetch(`${h.url}/map/tiles/${z}/${x}/${y}.svg?lang=zh-TW`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    const svg = await res.text();
    expect(svg).toContain('新馬路');
    expect(svg).toMatch(/<path id="s\d+" d="M/);
    // Far out at sea: an empty tile; out of range: 404.
    expect(renderTile(17, 0, 0, 'en')).not.toContain('<path');
    expect((await fetch(`${h.url}/map/tiles/3/9/1.svg`)).status).toBe(404);
    expect((await fetch(`${h.url}/map/tiles/20/1/1.svg`)).status).toBe(404);
  });

  test('with MAP_TILES_URL the config names that server', async () => {
    const other = await startHarness({ mapTilesUrl: 'https://tiles.example.org/{z}/{x}/{y}.png', mapAttribution: '© Example' }, { seed: false });
    try {
      expect(await (await fetch(`${other.url}/map/config`)).json()).toEqual({ tilesUrl: 'https://tiles.example.org/{z}/{x}/{y}.png', attribution: '© Example', maxZoom: 19 });
    } finally {
      await other.close();
    }
  });
});
