/**
 * A delivery address was chosen (house style 7): on the address list, or
 * saved on addressEdit, when the confirm page sent the customer there. It
 * spans two features, so it lives here: the address pages dispatch it, the
 * checkout slice fills the order's contact and address from it. Kept tiny
 * (a type and an action) because the checkout slice is in the first screen.
 */
import { createAction } from '@reduxjs/toolkit';

export interface ChosenAddress {
  AddressID: string;
  CustName: string;
  CustPhone: string;
  AreaNo: string;
  Province: string;
  City: string;
  District: string;
  MainAddress: string;
  HouseNumber: string;
  GPS_Lng: number | null;
  GPS_Lat: number | null;
}

export const addressChosen = createAction<ChosenAddress>('addresses/addressChosen');
