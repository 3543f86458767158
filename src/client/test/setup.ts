import '@testing-library/jest-dom';

// jsdom has no layout, so no scrolling: the shell's scroll restoration calls this on every page.
// (A test that asks for the node environment, like app/boundaries.test.ts, has no window.)
if (typeof window !== 'undefined') window.scrollTo = () => undefined;
