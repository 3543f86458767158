/** The suggestions feature's public module (issue 29 section 3). */
export { SuggestAfterAdd, suggestionsFor, forgetOfferedForTests, type Suggestible } from './SuggestAfterAdd';
