/**
 * The message helper lives in the UI kit both programs share
 * (src/ui-kit/defineMessages.ts); the app's many imports keep this path.
 */
export { defineMessages, type Declared } from '../../ui-kit/defineMessages';
