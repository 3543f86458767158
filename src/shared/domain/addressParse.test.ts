/**
 * The paste parser against a table of real-shaped addresses in the three
 * languages: Macau, Hong Kong and Guangdong forms, with and without labels,
 * spaces, calling codes. Each case must come out fully right (every field);
 * the last test prints the hit rate (cases fully right / total), which must
 * stay at 100% for the table to pass.
 */
import { parseAddress, type ParsedAddress } from './addressParse';

type Case = [text: string, expected: ParsedAddress];

const c = (name: string, areaNo: string, phone: string, regionId: string, street: string, houseNumber: string): ParsedAddress => ({
  name,
  areaNo,
  phone,
  regionId,
  street,
  houseNumber,
});

const CASES: Case[] = [
  // Macau, Chinese.
  ['陳大文 66123456 澳門新馬路123號2樓A', c('陳大文', '853', '66123456', '820000', '新馬路123號', '2樓A')],
  ['陳大文66123456澳門新馬路123號2樓A', c('陳大文', '853', '66123456', '820000', '新馬路123號', '2樓A')],
  ['澳門新馬路123號2樓A 陳大文 66123456', c('陳大文', '853', '66123456', '820000', '新馬路123號', '2樓A')],
  ['收件人：李小玲\n電話：+853 6623 4567\n地址：澳門高士德大馬路66號3樓B座', c('李小玲', '853', '66234567', '820000', '高士德大馬路66號', '3樓B座')],
  ['黃志明，6688 1234，氹仔布拉干薩街20號5樓C座', c('黃志明', '853', '66881234', '820200', '布拉干薩街20號', '5樓C座')],
  ['澳門氹仔海洋花園大馬路 225號 海洋花園 翠柏苑 12樓F 何美玲 62345678', c('何美玲', '853', '62345678', '820200', '海洋花園大馬路225號', '海洋花園翠柏苑12樓F')],
  ['梁家輝 (853) 6598-7766 澳門路環石排灣馬路 蔚景花園 3座8樓D', c('梁家輝', '853', '65987766', '820300', '石排灣馬路', '蔚景花園3座8樓D')],
  ['澳门 黑沙环新街 利民大厦 5楼B 张小红 63331234', c('张小红', '853', '63331234', '820000', '黑沙环新街', '利民大厦5楼B')],
  ['Tel: 28123456 陳生 澳門大堂區南灣大馬路 517號 南通商業大廈 10樓', c('陳生', '853', '28123456', '820103', '南灣大馬路517號', '南通商業大廈10樓')],
  ['花地瑪堂區 台山中街 28號 4樓 陳小姐 66001122', c('陳小姐', '853', '66001122', '820101', '台山中街28號', '4樓')],
  ['澳門特別行政區 新口岸 宋玉生廣場 258號 建興隆廣場 15樓 G座 鄭先生 +85366778899', c('鄭先生', '853', '66778899', '820000', '新口岸宋玉生廣場258號', '建興隆廣場15樓G座')],
  ['吳家豪 853-66554433 澳門提督馬路 11號 地下', c('吳家豪', '853', '66554433', '820000', '提督馬路11號', '地下')],
  ['澳門半島 羅理基博士大馬路600E號 第一國際商業中心 9樓 906室 林先生 62220000', c('林先生', '853', '62220000', '820100', '羅理基博士大馬路600E號', '第一國際商業中心9樓906室')],
  ['澳門路氹城望德聖母灣大馬路 89號 澳門銀河 2樓 何小姐 66887700', c('何小姐', '853', '66887700', '820202', '望德聖母灣大馬路89號', '澳門銀河2樓')],
  ['地址：澳門新橋 渡船街 37號 怡德大廈 6樓 A座\n收件人：馮先生\n電話：66334455', c('馮先生', '853', '66334455', '820000', '新橋渡船街37號', '怡德大廈6樓A座')],
  // Macau, English and Portuguese street names.
  ['Chan Tai Man, +853 6612 3456, Flat A 2/F, 123 Av. de Almeida Ribeiro, Macau', c('Chan Tai Man', '853', '66123456', '820000', '123 Av. de Almeida Ribeiro', 'Flat A 2/F')],
  ['Lee Siu Ling\n66234567\n66 Avenida de Horta e Costa, 3/F B, Macau', c('Lee Siu Ling', '853', '66234567', '820000', '66 Avenida de Horta e Costa', '3/F B')],
  ['Maria Santos, 6688 4321, Rua de Braganca 20, Block C 5/F, Taipa, Macau', c('Maria Santos', '853', '66884321', '820200', 'Rua de Braganca 20', 'Block C 5/F')],
  ['John Smith, Tel 62345678, Flat 12F, Edf. Ocean Gardens, 225 Av. Dr. Sun Yat-Sen, Taipa', c('John Smith', '853', '62345678', '820200', '225 Av. Dr. Sun Yat-Sen', 'Flat 12F, Edf. Ocean Gardens')],
  ['Ms. Ho, 28712345, G/F, 11 Rua do Almirante Sergio, Macau', c('Ms. Ho', '853', '28712345', '820000', '11 Rua do Almirante Sergio', 'G/F')],
  ['Wong Ka Ho, +853 6655 1122, Room 906, 9/F, Nam Kwong Building, 555 Avenida da Amizade, Macau', c('Wong Ka Ho', '853', '66551122', '820000', '555 Avenida da Amizade', 'Room 906, 9/F, Nam Kwong Building')],
  ['Leong Wai Man 63456789 Estrada de Seac Pai Van, Edf. Lok Kuan, Block 3 8/F D, Coloane', c('Leong Wai Man', '853', '63456789', '820300', 'Estrada de Seac Pai Van', 'Edf. Lok Kuan, Block 3 8/F D')],
  ['Cheong Man Chi, 66001234, 2/F A, 28 Rua Central da Areia Preta, Macao', c('Cheong Man Chi', '853', '66001234', '820000', '28 Rua Central da Areia Preta', '2/F A')],
  ['Flat B 7/F, 66 Avenida de Horta e Costa, Macau, Lee Siu Ling, 66234567', c('Lee Siu Ling', '853', '66234567', '820000', '66 Avenida de Horta e Costa', 'Flat B 7/F')],
  // Hong Kong, Chinese.
  ['陳大文 +852 9123 4567 香港九龍旺角彌敦道 600號 金輝大廈 15樓C室', c('陳大文', '852', '91234567', '810200', '旺角彌敦道600號', '金輝大廈15樓C室')],
  ['李小姐 5123 8888 香港灣仔軒尼詩道 338號 北海中心 20樓', c('李小姐', '852', '51238888', '810102', '軒尼詩道338號', '北海中心20樓')],
  ['收貨人：張偉強 電話：6123 4567 地址：香港新界沙田大圍積輝街 12號 金禧花園 2座 10樓 B室', c('張偉強', '852', '61234567', '810301', '大圍積輝街12號', '金禧花園2座10樓B室')],
  ['黃小明，+852 6987 6543，香港島 中西區 皇后大道中 99號 中環中心 40樓', c('黃小明', '852', '69876543', '810101', '皇后大道中99號', '中環中心40樓')],
  ['九龍觀塘 開源道 55號 開聯工業中心 A座 8樓 3室 周先生 93334444', c('周先生', '852', '93334444', '810204', '開源道55號', '開聯工業中心A座8樓3室')],
  ['香港 荃灣 沙咀道 328號 寶石大廈 B座 12樓 陈先生 98765432', c('陈先生', '852', '98765432', '810302', '沙咀道328號', '寶石大廈B座12樓')],
  ['九龍城 太子道西 383號 4樓 麥太 6777 8888', c('麥太', '852', '67778888', '810203', '太子道西383號', '4樓')],
  // Hong Kong, English.
  ['Chan Siu Ming, +852 9876 5432, Flat C, 15/F, Kam Fai Mansion, 600 Nathan Road, Mong Kok, Kowloon', c('Chan Siu Ming', '852', '98765432', '810200', '600 Nathan Road, Mong Kok', 'Flat C, 15/F, Kam Fai Mansion')],
  ['Mary Lee, 5123 8888, 20/F, 338 Hennessy Road, Wan Chai, Hong Kong', c('Mary Lee', '852', '51238888', '810102', '338 Hennessy Road', '20/F')],
  ['Peter Wong, 9333 4444, Unit 3, 8/F, Block A, Hoi Luen Industrial Centre, 55 Hoi Yuen Road, Kwun Tong, Kowloon, HK', c('Peter Wong', '852', '93334444', '810204', '55 Hoi Yuen Road', 'Unit 3, 8/F, Block A, Hoi Luen Industrial Centre')],
  ['Ho Ka Yan (852) 6123-4567 Room 1203, Tower 2, The Gateway, 25 Canton Road, Tsim Sha Tsui, Kowloon', c('Ho Ka Yan', '852', '61234567', '810200', '25 Canton Road, Tsim Sha Tsui', 'Room 1203, Tower 2, The Gateway')],
  ['Tam Wai Kit, 6345 1122, 12 Tuen Mun Heung Sze Wui Road, G/F, Tuen Mun, New Territories', c('Tam Wai Kit', '852', '63451122', '810303', '12 Tuen Mun Heung Sze Wui Road', 'G/F')],
  // Guangdong, Chinese (simplified and traditional).
  ['王小明 13800138000 广东省广州市天河区天河路385号太古汇一座2301室', c('王小明', '86', '13800138000', '440106', '天河路385号', '太古汇一座2301室')],
  ['收货人：刘洋 手机：+86 139 2233 4455 地址：广东省深圳市南山区科技园南区深南大道9988号 华润大厦 18楼', c('刘洋', '86', '13922334455', '440305', '科技园南区深南大道9988号', '华润大厦18楼')],
  ['张伟，13912345678，珠海市香洲区情侣中路 47号 海湾大酒店 8层 806房', c('张伟', '86', '13912345678', '440402', '情侣中路47号', '海湾大酒店8层806房')],
  ['广州市越秀区北京路 238号 名盛广场 5楼 陈小姐 18688886666', c('陈小姐', '86', '18688886666', '440104', '北京路238号', '名盛广场5楼')],
  ['廣東省中山市石岐區孫文中路 168號 3樓 李先生 13711112222', c('李先生', '86', '13711112222', '442000', '石岐區孫文中路168號', '3樓')],
  ['东莞市南城区鸿福路 200号 第一国际 B座 1205 赵敏 15899990000', c('赵敏', '86', '15899990000', '441900', '南城区鸿福路200号', '第一国际B座1205')],
  ['深圳市福田区 福华三路 88号 时尚大厦 23楼2301 周杰 +8613600001111', c('周杰', '86', '13600001111', '440304', '福华三路88号', '时尚大厦23楼2301')],
  // Guangdong, English.
  ['Li Ming, +86 138 0013 8000, Room 2301, Tower 1, Taikoo Hui, 385 Tianhe Road, Tianhe District, Guangzhou, Guangdong', c('Li Ming', '86', '13800138000', '440106', '385 Tianhe Road', 'Room 2301, Tower 1, Taikoo Hui')],
  ['Zhang Wei, 13912345678, 8/F, 47 Qinglv Middle Road, Xiangzhou District, Zhuhai', c('Zhang Wei', '86', '13912345678', '440402', '47 Qinglv Middle Road', '8/F')],
  ['Chen Jing, 13600001111, Unit 2301, 88 Fuhua 3rd Road, Futian District, Shenzhen, Guangdong Province, China', c('Chen Jing', '86', '13600001111', '440304', '88 Fuhua 3rd Road', 'Unit 2301')],
];

/**
 * Cases written after the parser was finished and not tuned for: an honest
 * figure for texts it has not seen (printed; it must stay at 75% or more).
 */
const HELD_OUT: Case[] = [
  ['收件人：區志強 電話：62881234 地址：澳門筷子基北街 139號 筷子基大廈 8樓 C', c('區志強', '853', '62881234', '820000', '筷子基北街139號', '筷子基大廈8樓C')],
  ['Lam Ka Wai, 6633 2211, Flat D, 18/F, Block 2, Nova City, 51 Avenida de Cotai, Taipa, Macau', c('Lam Ka Wai', '853', '66332211', '820200', '51 Avenida de Cotai', 'Flat D, 18/F, Block 2, Nova City')],
  ['澳門氹仔 孫逸仙博士大馬路 371號 濠庭都會 3座 19樓 F 李美華 66112233', c('李美華', '853', '66112233', '820200', '孫逸仙博士大馬路371號', '濠庭都會3座19樓F')],
  ['陳先生 +852 6123 9876 香港九龍深水埗 長沙灣道 303號 長沙灣廣場 5樓', c('陳先生', '852', '61239876', '810202', '長沙灣道303號', '長沙灣廣場5樓')],
  ['Alice Cheung, +852 9456 1234, Room 1501, 15/F, Tower 1, Times Square, 1 Matheson Street, Causeway Bay, Hong Kong', c('Alice Cheung', '852', '94561234', '810000', '1 Matheson Street, Causeway Bay', 'Room 1501, 15/F, Tower 1, Times Square')],
  ['香港新界屯門 屯門鄉事會路 83號 V city 2樓 黃生 52226666', c('黃生', '852', '52226666', '810303', '屯門鄉事會路83號', 'Vcity2樓')],
  ['李娜 15012345678 广东省佛山市禅城区季华五路 10号 金融大厦 12楼', c('李娜', '86', '15012345678', '440600', '禅城区季华五路10号', '金融大厦12楼')],
  ['收货人：黄伟 电话：13800001234 地址：广东省珠海市金湾区金湖大道 88号', c('黄伟', '86', '13800001234', '440404', '金湖大道88号', '')],
  ['Wang Fang, +86 137 0000 2222, Room 808, 200 Binjiang Road, Haizhu District, Guangzhou', c('Wang Fang', '86', '13700002222', '440105', '200 Binjiang Road', 'Room 808')],
  ['Sou Man Hou 63998877 Rua de Pequim 202A, Edf. Macau Finance Centre 10/F, Macau', c('Sou Man Hou', '853', '63998877', '820000', 'Rua de Pequim 202A', 'Edf. Macau Finance Centre 10/F')],
  ['澳門 罅些喇提督大馬路 81號 地下 何生 28221133', c('何生', '853', '28221133', '820000', '罅些喇提督大馬路81號', '地下')],
  ['梁小姐 6612 0000 路環 石排灣 業興大廈 第2座 10樓 H', c('梁小姐', '853', '66120000', '820300', '', '石排灣業興大廈第2座10樓H')],
];

const fields = (p: ParsedAddress) => ({ ...p });

describe('parseAddress', () => {
  test.each(CASES)('%s', (text, expected) => {
    expect(fields(parseAddress(text))).toEqual(expected);
  });

  test('the table has at least 40 cases in three languages, and every case comes out fully right', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
    const right = CASES.filter(([text, expected]) => JSON.stringify(fields(parseAddress(text))) === JSON.stringify(expected)).length;
    // The figure the issue asks for (reported in the closing note).
    console.log(`addressParse hit rate: ${right}/${CASES.length} = ${((right / CASES.length) * 100).toFixed(1)}%`);
    expect(right).toBe(CASES.length);
  });

  test('held-out texts: the hit rate on cases the parser was not tuned for', () => {
    const misses = HELD_OUT.filter(([text, expected]) => JSON.stringify(fields(parseAddress(text))) !== JSON.stringify(expected));
    const right = HELD_OUT.length - misses.length;
    console.log(
      `addressParse held-out hit rate: ${right}/${HELD_OUT.length} = ${((right / HELD_OUT.length) * 100).toFixed(1)}%\n` +
        misses.map(([text, expected]) => `  ${text}\n    expected ${JSON.stringify(expected)}\n    got      ${JSON.stringify(parseAddress(text))}`).join('\n'),
    );
    expect(right / HELD_OUT.length).toBeGreaterThanOrEqual(0.75);
  });

  test('empty and phone-only texts', () => {
    expect(parseAddress('')).toEqual(c('', '', '', '', '', ''));
    expect(parseAddress('  +853 6612 3456 ')).toEqual(c('', '853', '66123456', '', '', ''));
    expect(parseAddress('??? ...')).toEqual(c('', '', '', '', '', ''));
  });
});
