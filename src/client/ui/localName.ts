/** The app's name picking is the UI kit's (src/ui-kit/localName.ts), shared with the staff program. */
export { localName, type LocalNames } from '../../ui-kit/localName';
