/** The menu feature's public module: what other features may use (house style 9). */
export { cartGoodsDetails, menuApi, toGoods, type AddOn, type BomGroup, type Goods, type GoodsClass, type GoodsDetail, type PackUnit } from './menuApi';
export { goodsOptionsApi } from './goodsOptionsApi';
