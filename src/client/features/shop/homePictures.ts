/** How many of the home page's goods pictures are above the fold on a phone (the first row of two): no lazy loading, high priority. */
export const HOME_PICTURES_ABOVE_FOLD = 2;
