/** The favourites feature's public module (issue 29 section 1): the heart, the member's favourite ids and the menu's Favourites class. */
export { FavouriteButton, favouriteMessages, useFavouriteIds, useFavourites, type Favourites } from './FavouriteButton';
export { FAVOURITES_CLASS, withFavourites } from './favouriteRows';
export { favouritesApi } from './favouritesApi';
