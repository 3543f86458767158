/**
 * Adding from the menu at a pay-after table (issue 28): the lines go to the
 * table's live cart in the service, not the phone's cart. Loaded on demand by
 * the cart feature's cartAdd (features/cart/tableAware.ts).
 */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { GatewayError } from '../../app/baseQuery';
import type { RootState } from '../../app/store';
import { toastShown } from '../../app/uiSlice';
import type { CartLineAddedPayload } from '../cart';
import { ensureSession } from '../../session';
import { tableApi } from './tableApi';

export function addToTableCart(tableId: string, payload: CartLineAddedPayload): ThunkAction<Promise<boolean>, RootState, unknown, UnknownAction> {
  return async (dispatch) => {
    if (!(await dispatch(ensureSession()))) return false;
    for (const line of payload.list) {
      const result = await dispatch(
        tableApi.endpoints.setTableCartLine.initiate({
          TableID: tableId,
          GoodsID: payload.goodsDetails.GoodsID,
          SkuID: line.SkuID ?? '',
          PUnit: line.PUnit ?? '',
          PQua: line.PUnit ? (line.pQua ?? 1) : 0,
          MQua: line.PUnit ? (line.mQua ?? 0) : (line.mQua ?? 1),
          Bom: (line.bomList ?? []).map((b) => ({ BOMClassID: b.BOMClassID, GoodsID: b.GoodsID })),
          Attachments: (line.attachmentList ?? []).map((a) => a.OptionID),
          Remark: (line.remarkList ?? []).join('; '),
        }),
      );
      if ('error' in result) {
        const error = result.error as GatewayError | undefined;
        if (error?.kind === 'business') dispatch(toastShown({ text: error.message }));
        return false;
      }
    }
    // The table's stream says so too; read it now for this phone's own counts.
    void dispatch(tableApi.endpoints.tableCart.initiate({ TableID: tableId }, { forceRefetch: true, subscribe: false }));
    return true;
  };
}
