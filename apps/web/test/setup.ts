import '@testing-library/jest-dom';
beforeEach(() => {
  localStorage.clear();
});

// jsdom does not implement scrolling; React Router's ScrollRestoration calls it.
window.scrollTo = () => undefined;
