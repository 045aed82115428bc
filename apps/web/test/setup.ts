import '@testing-library/jest-dom';
// jsdom has no IndexedDB: the outbox and the kept answers (src/lib/offline) use a real one made in JavaScript.
import 'fake-indexeddb/auto';
import { configure } from '@testing-library/react';
import { offlineDb } from '../src/lib/offline/db';
import { refuseAllRequests, unexpectedRequests } from './fake-api';
import { installFakeLive } from './fake-live';

// Pages are loaded on demand (React.lazy): the first test to open one also
// compiles and loads it, which on a busy machine takes longer than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

let consoleErrors: unknown[][] = [];

beforeEach(async () => {
  localStorage.clear();
  // Each test starts with an empty outbox and no kept answers.
  const db = await offlineDb();
  await Promise.all([db.clear('outbox'), db.clear('answers')]);
  refuseAllRequests();
  installFakeLive();
  consoleErrors = [];
  jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

// A test fails loudly on a request it did not expect or on a console.error
// (React's warnings, an uncaught render error). A test that expects one says so
// with expectConsoleError().
afterEach(() => {
  const errors = consoleErrors;
  const requests = [...unexpectedRequests];
  jest.mocked(console.error).mockRestore();
  if (requests.length) throw new Error(`Requests the test did not expect:\n  ${requests.join('\n  ')}`);
  if (errors.length)
    throw new Error(`console.error was called:\n  ${errors.map((args) => args.map(String).join(' ')).join('\n  ')}`);
});

/** For a test that makes React report an error on purpose: forget the console.errors so far. */
export function expectConsoleError() {
  const seen = consoleErrors.length;
  consoleErrors = [];
  return seen;
}

// jsdom does not implement scrolling; React Router's ScrollRestoration calls it.
window.scrollTo = () => undefined;
