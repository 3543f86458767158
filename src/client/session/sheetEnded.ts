/**
 * A table's sheet that was paid or closed is over for this visit (issue 23):
 * the next order at the table starts a new sheet, as a new scan of its code
 * would. Made of the slice's own actions, so that the entry's code (which
 * carries the slice) does not grow for it.
 */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { RootState } from '../app/store';
import { shopParamsChanged, signSheetRefreshed } from './shopSlice';

/** Forgets the sign sheet: the one named (if it is this visit's), or whichever it is. */
export function signSheetEnded(sheetId?: string): ThunkAction<void, RootState, unknown, UnknownAction> {
  return (dispatch, getState) => {
    const { signSheet, params } = getState().shop;
    if (sheetId && signSheet?.SheetID !== sheetId && params.PosSignSheetID !== sheetId) return;
    if (signSheet) dispatch(signSheetRefreshed(null));
    if (params.PosSignSheetID) dispatch(shopParamsChanged({ PosSignSheetID: '' }));
  };
}
