/** The allergens feature's public module (issue 29 section 2): the menu's filter, its button and a row's icons. */
export { DietBar } from './DietBar';
export { DietIcons } from './DietIcons';
export { useDietFiltered, useDietFilter, type Marked } from './dietFilter';
