/** The allergens feature's public module (issue 29 section 2): the menu's filter, its button, a row's icons and an option's (the chooser's). */
export { DietBar } from './DietBar';
export { DietIcons } from './DietIcons';
export { OptionDiet } from './OptionDiet';
export { useDietFiltered, useDietFilter, type Marked } from './dietFilter';
