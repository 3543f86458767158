/**
 * Leaves the app for another page (a payment provider's). One place, so tests can watch it.
 *
 * It takes the place of the app's current history entry (issue 23): the provider sends the
 * customer back to a new entry of the app, so that the app's page they left is not there
 * twice, and the header's Back of the page they come back to goes to the app's own pages
 * (app/Shell.tsx headerBack), never into the provider's.
 */
export const browser = {
  leave(url: string): void {
    window.location.replace(url);
  },
};
