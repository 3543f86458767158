/**
 * A member's favourite goods (issue 29 section 1), kept by the service per
 * member so every phone of theirs agrees: the ids of the shop's favourite
 * goods, latest first, and the heart's toggle, shown at once (optimistic) and
 * put back when the service refuses it.
 */
import { api } from '../../app/api';
import { answer, request } from '../../app/operation';
import { text } from '../../app/rows';

export const favouritesApi = api.injectEndpoints({
  endpoints: (build) => ({
    favourites: build.query<string[], { ShopID: string }>({
      query: ({ ShopID }) => request('VipFavorite_VipFavoriteGoodsListGet_Get', [{ ShopID }]),
      // 'Member': another member signing in on this phone reads their own.
      providesTags: ['Member'],
      transformResponse: answer('VipFavorite_VipFavoriteGoodsListGet_Get', (r) => r.table1.map((row) => text(row.GoodsID))),
    }),
    setFavourite: build.mutation<{ GoodsID: string; on: boolean }, { ShopID: string; GoodsID: string; on: boolean }>({
      query: ({ GoodsID, on }) => request('VipFavorite_VipFavoriteGoodsSubmit_Update', [{ GoodsID, IsFavorite: on ? 1 : 0 }]),
      transformResponse: answer('VipFavorite_VipFavoriteGoodsSubmit_Update', (r) => ({
        GoodsID: text(r.table1[0]?.GoodsID),
        on: r.table1[0]?.IsFavorite === 1,
      })),
      async onQueryStarted({ ShopID, GoodsID, on }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          favouritesApi.util.updateQueryData('favourites', { ShopID }, (ids) => {
            const rest = ids.filter((id) => id !== GoodsID);
            return on ? [GoodsID, ...rest] : rest;
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
  }),
});
