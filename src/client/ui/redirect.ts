/** Leaves the app for another page (a payment provider's). One place, so tests can watch it. */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
