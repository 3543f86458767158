/**
 * The shop feature's public module (house style 9). The shop's state (who and where the customer is) lives in the
 * session layer, src/client/session; this feature is the shop's pages (home, outlet and table choice).
 */
export { HOME_PICTURES_ABOVE_FOLD } from './homePictures';
