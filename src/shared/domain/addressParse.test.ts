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
  ['Chen Jing, 13600001111, Unit 2301, 88 Fuhua 3rd Road, Futian District, Shenzhen, Guangdong Province, China', c('Chen Jing', '86', '13600001111', '440304', '88 Fuhua 3rd Road', 'Unit 2301')],  // Issue 23 item 21: shapes the parser is tuned on (the held-out set HELD_OUT_23 below is not).
  // Surnames that are also address or place words.
  ['路小雨 66110022 澳門提督馬路 50號 海景大廈 9樓 C', c('路小雨', '853', '66110022', '820000', '提督馬路50號', '海景大廈9樓C')],
  ['區先生 9234 5678 香港灣仔 莊士敦道 181號 大有大廈 12樓', c('區先生', '852', '92345678', '810102', '莊士敦道181號', '大有大廈12樓')],
  ['关小红 13533334444 广东省珠海市香洲区 凤凰北路 1号 华发大厦 6楼', c('关小红', '86', '13533334444', '440402', '凤凰北路1号', '华发大厦6楼')],
  ['房家明 62778899 氹仔 成都街 88號 濠景花園 3座 11樓 A', c('房家明', '853', '62778899', '820200', '成都街88號', '濠景花園3座11樓A')],
  // Labels without a colon, greetings and thanks around the address, a bracketed header.
  ['唔該送去 九龍觀塘 開源道 63號 福昌大廈 3樓，電話 6123 4455，陳小姐，多謝！', c('陳小姐', '852', '61234455', '810204', '開源道63號', '福昌大廈3樓')],
  ['【收件信息】收貨人 何志強 手機號：138 1234 9999 广州市天河区 体育西路 103号 维多利广场 A塔 20楼', c('何志強', '86', '13812349999', '440106', '体育西路103号', '维多利广场A塔20楼')],
  // A street named after a city.
  ['深圳市罗湖区 东莞路 12号 金城大厦 5楼 黄小姐 13677778888', c('黄小姐', '86', '13677778888', '440303', '东莞路12号', '金城大厦5楼')],
  ['中山市 中山三路 8號 國際金融中心 21樓 梁生 13900002222', c('梁生', '86', '13900002222', '442000', '中山三路8號', '國際金融中心21樓')],
  // English names after the address, a dash or a slash between the parts, an Attn: label.
  ['Flat 3A, Edf. Kam Lai, 12 Rua de Tomas Vieira, Macau - Rita Chan 66776655', c('Rita Chan', '853', '66776655', '820000', '12 Rua de Tomas Vieira', 'Flat 3A, Edf. Kam Lai')],
  ['Tom Lee / 6612 8899 / 5/F, 8 Avenida de Horta e Costa, Macau', c('Tom Lee', '853', '66128899', '820000', '8 Avenida de Horta e Costa', '5/F')],
  ['Room 2, 9/F, 45 Kowloon City Road, Kowloon City, Kowloon, Tel 9123 7788, Attn: Grace Ho', c('Grace Ho', '852', '91237788', '810203', '45 Kowloon City Road', 'Room 2, 9/F')],
  // Portuguese floors.
  ['Paulo Reis, 6655 0011, Rua do Campo 30, 2 andar, Macau', c('Paulo Reis', '853', '66550011', '820000', 'Rua do Campo 30', '2 andar')],
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

/**
 * Issue 23 item 21: a second held-out set, 30 new real-shaped texts written
 * and committed before the parser was tuned again (commit "addressParse: a
 * held-out set of 30 new texts"): Macau, Hong Kong and Guangdong; traditional
 * and simplified Chinese, English and Portuguese; the shapes the first set
 * missed: a surname that is also an address or place word (路, 區/区, 房, 沙,
 * 田, 關, 馬), an English name written after the address, messy texts
 * (greetings, labels without a colon, a slash between the parts), and
 * streets in both scripts (simplified 马路, a street named after a city,
 * streets without a number). The parser is tuned on CASES only; this set
 * measures it.
 */
const HELD_OUT_23: Case[] = [
  // Macau, Chinese.
  ['收件人：路嘉欣 電話：66778811 地址：澳門新馬路 8號 永華大廈 3樓A', c('路嘉欣', '853', '66778811', '820000', '新馬路8號', '永華大廈3樓A')],
  ['區小姐 62003344 澳門祐漢 街市街 30號 祐漢新村 第5座 7樓 C', c('區小姐', '853', '62003344', '820000', '祐漢街市街30號', '祐漢新村第5座7樓C')],
  ['你好，麻煩送到澳門水坑尾街 42號 東南亞大廈 11樓 B，電話 6655 7788，李先生，謝謝！', c('李先生', '853', '66557788', '820000', '水坑尾街42號', '東南亞大廈11樓B')],
  ['氹仔 施督憲正街 利添大廈 2樓 E 房小姐 66220099', c('房小姐', '853', '66220099', '820200', '施督憲正街', '利添大廈2樓E')],
  ['澳門黑沙環 馬場海邊馬路 15號 海濱花園 第3座 20樓 K 馬志偉 63887766', c('馬志偉', '853', '63887766', '820000', '黑沙環馬場海邊馬路15號', '海濱花園第3座20樓K')],
  ['澳门氹仔 布拉干萨街 33号 金利达花园 9楼 D 林晓彤 66441122', c('林晓彤', '853', '66441122', '820200', '布拉干萨街33号', '金利达花园9楼D')],
  ['高美丽 66998800 澳门高士德马路 华宝大厦 6楼A', c('高美丽', '853', '66998800', '820000', '高士德马路', '华宝大厦6楼A')],
  ['路環 九澳村 12號 地下 石先生 28880011', c('石先生', '853', '28880011', '820300', '九澳村12號', '地下')],
  // Macau, English and Portuguese.
  ['Ho Wai Lam, 6611 5566, Block 6, 23/F H, One Oasis, Estrada de Seac Pai Van, Cotai, Macau', c('Ho Wai Lam', '853', '66115566', '820202', 'Estrada de Seac Pai Van', 'Block 6, 23/F H, One Oasis')],
  ['9/F B, Edf. Hoi Kwong, 18 Rua de Francisco H. Fernandes, Macau - Sara Lopes 62557788', c('Sara Lopes', '853', '62557788', '820000', '18 Rua de Francisco H. Fernandes', '9/F B, Edf. Hoi Kwong')],
  ['Tel 66001199, Flat 5C, Edf. Jardim Kong Fok Cheong, 45 Rua de Pedro Coutinho, Macau, Attn: Joao Pereira', c('Joao Pereira', '853', '66001199', '820000', '45 Rua de Pedro Coutinho', 'Flat 5C, Edf. Jardim Kong Fok Cheong')],
  ['Ana Sousa, +853 6288 1234, Travessa do Padre Narciso 5, R/C, Macau', c('Ana Sousa', '853', '62881234', '820000', 'Travessa do Padre Narciso 5', 'R/C')],
  // Hong Kong, Chinese.
  ['收件人: 關家明 電話: 9456 7788 地址: 香港北角英皇道 500號 港運大廈 18樓 1801室', c('關家明', '852', '94567788', '810000', '北角英皇道500號', '港運大廈18樓1801室')],
  ['香港 灣仔 駱克道 301號 2樓 A室 沙小姐 6123 0099', c('沙小姐', '852', '61230099', '810102', '駱克道301號', '2樓A室')],
  ['田家樂 9876 1234 沙田 石門 安群街 3號 京瑞廣場一期 20樓 A室', c('田家樂', '852', '98761234', '810301', '石門安群街3號', '京瑞廣場一期20樓A室')],
  ['香港九龙观塘 巧明街 100号 友邦九龙大楼 15楼 丁先生 6543 2100', c('丁先生', '852', '65432100', '810204', '巧明街100号', '友邦九龙大楼15楼')],
  ['香港 上環 文咸東街 永安中心 10樓 1003室 洪先生 98761111', c('洪先生', '852', '98761111', '810000', '上環文咸東街', '永安中心10樓1003室')],
  ['收貨人 區嘉雯 6677 8899 九龍旺角 花園街 2-16號 好景商業中心 7樓 709室', c('區嘉雯', '852', '66778899', '810200', '旺角花園街2-16號', '好景商業中心7樓709室')],
  // Hong Kong, English.
  ['Flat 1203, 12/F, Block B, Lok Fu Estate, 198 Junction Road, Kowloon City, Kowloon. Recipient: Kelly Ng, 6789 0123', c('Kelly Ng', '852', '67890123', '810203', '198 Junction Road', 'Flat 1203, 12/F, Block B, Lok Fu Estate')],
  ['Mr. Wong 2345 6789 G/F, 23 Sai Yeung Choi Street South, Mong Kok, Kowloon', c('Mr. Wong', '852', '23456789', '810200', '23 Sai Yeung Choi Street South, Mong Kok', 'G/F')],
  ['Jacky Lau / 9012 3456 / Shop 12, G/F, Tsuen Wan Plaza, 4 Tai Pa Street, Tsuen Wan, NT', c('Jacky Lau', '852', '90123456', '810302', '4 Tai Pa Street', 'Shop 12, G/F, Tsuen Wan Plaza')],
  // Guangdong, Chinese (simplified and traditional).
  ['收货人：马丽 电话：13566667777 地址：广东省广州市海珠区江南大道中 168号 3栋 1502房', c('马丽', '86', '13566667777', '440105', '江南大道中168号', '3栋1502房')],
  ['区志伟 13800009999 广东省东莞市东城区 东纵大道 88号 万达广场 B座 1208室', c('区志伟', '86', '13800009999', '441900', '东城区东纵大道88号', '万达广场B座1208室')],
  ['廣州市越秀區 中山五路 219號 中旅商業城 15樓 關小姐 13822223333', c('關小姐', '86', '13822223333', '440104', '中山五路219號', '中旅商業城15樓')],
  ['深圳市南山区 粤海街道 科技南十二路 腾讯大厦 王先生 18922334455', c('王先生', '86', '18922334455', '440305', '粤海街道科技南十二路', '腾讯大厦')],
  ['佛山市南海区桂城街道南海大道北 33号 5楼 陈生 13433334444', c('陈生', '86', '13433334444', '440600', '南海区桂城街道南海大道北33号', '5楼')],
  ['珠海斗門區 井岸鎮 白藤湖 湖心路 8號 麥先生 +86 136 2222 3333', c('麥先生', '86', '13622223333', '440403', '井岸鎮白藤湖湖心路8號', '')],
  ['【收货信息】张三丰，手机号：139-1234-5678，广东省深圳市福田区华强北路 1002号 赛格广场 30楼', c('张三丰', '86', '13912345678', '440304', '华强北路1002号', '赛格广场30楼')],
  // Guangdong, English.
  ['Room 1508, Block B, Poly Center, 688 Xingang East Road, Haizhu District, Guangzhou - Liu Yang 13611112222', c('Liu Yang', '86', '13611112222', '440105', '688 Xingang East Road', 'Room 1508, Block B, Poly Center')],
  ['Zhao Lei, 18666667777, No. 1 Zhongshan Road, Shiqi District, Zhongshan, Guangdong', c('Zhao Lei', '86', '18666667777', '442000', 'No. 1 Zhongshan Road, Shiqi District', '')],
];

/** Cases of HELD_OUT_23 the parser got fully right when the set was written, before any tuning. */
const HELD_OUT_23_BEFORE = 17;
/** The least the test accepts: the goal, 27 of 30 (after tuning on CASES: 30/30). */
const HELD_OUT_23_FLOOR = 27;

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

  test('issue 23 held-out texts: the hit rate on 30 new texts written before tuning', () => {
    expect(HELD_OUT_23.length).toBeGreaterThanOrEqual(30);
    const misses = HELD_OUT_23.filter(([text, expected]) => JSON.stringify(fields(parseAddress(text))) !== JSON.stringify(expected));
    const right = HELD_OUT_23.length - misses.length;
    console.log(
      `addressParse issue 23 held-out hit rate: ${right}/${HELD_OUT_23.length} (before tuning: ${HELD_OUT_23_BEFORE}/${HELD_OUT_23.length})\n` +
        misses.map(([text, expected]) => `  ${text}\n    expected ${JSON.stringify(expected)}\n    got      ${JSON.stringify(parseAddress(text))}`).join('\n'),
    );
    expect(right).toBeGreaterThanOrEqual(HELD_OUT_23_FLOOR);
  });

  test('empty and phone-only texts', () => {
    expect(parseAddress('')).toEqual(c('', '', '', '', '', ''));
    expect(parseAddress('  +853 6612 3456 ')).toEqual(c('', '853', '66123456', '', '', ''));
    expect(parseAddress('??? ...')).toEqual(c('', '', '', '', '', ''));
  });
});
