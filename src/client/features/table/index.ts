/**
 * The table together (issue 28): the table's live cart and its calls to
 * staff. Only ever imported dynamically (the postpay cart page, the menu, the
 * cart's add at a pay-after table), so all of it is one chunk, never the
 * first screen's.
 */
import { registerTableCartAdder } from '../cart';
import { addToTableCart } from './tableCartOps';

export { tableApi } from './tableApi';
// Loaded at a pay-after table: from now on the menu's adds go to the table's cart.
registerTableCartAdder(addToTableCart);
export { addToTableCart } from './tableCartOps';
export { default as TableCartPage } from './TableCartPage';
export { default as TableTogether } from './TableTogether';
