/**
 * How many of the home page's goods pictures are above the fold on a phone: no lazy loading, high
 * priority, preloaded by the page's head. Two rows of two: at 390x844 (and Lighthouse's 412x823) the
 * second row is in view too, and one of its pictures was the LCP element while it was lazy (issue 14).
 */
export const HOME_PICTURES_ABOVE_FOLD = 4;
