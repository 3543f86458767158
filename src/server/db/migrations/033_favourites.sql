-- Issue 29 section 1: a member's favourite goods, kept by the service so the
-- member's phones agree (VipFavorite_VipFavoriteGoodsListGet_Get and
-- VipFavorite_VipFavoriteGoodsSubmit_Update). A guest keeps none. One row per
-- member and goods: marking it again changes nothing; an archived goods stays
-- here but is no longer listed (it comes back if the goods does).
CREATE TABLE vip_favourite (
  vip_id     text NOT NULL REFERENCES vip(vip_id),
  goods_id   text NOT NULL REFERENCES goods(goods_id),
  created_at timestamptz NOT NULL,
  PRIMARY KEY (vip_id, goods_id)
);
CREATE INDEX vip_favourite_goods ON vip_favourite(goods_id);
