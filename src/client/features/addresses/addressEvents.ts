/**
 * What the address pages tell the rest of the app (house style 7): the
 * customer chose an address to deliver to (from the list, or one just added
 * when the confirm page sent them here). The checkout slice listens.
 */
import { createAction } from '@reduxjs/toolkit';
import type { Address } from './addressApi';

export const addressChosen = createAction<Address>('addresses/addressChosen');
