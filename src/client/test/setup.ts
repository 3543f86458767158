import '@testing-library/jest-dom';

// jsdom has no layout, so no scrolling: the shell's scroll restoration calls this on every page.
window.scrollTo = () => undefined;
