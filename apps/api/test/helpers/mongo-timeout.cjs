/* global jest */
// The mongo project's tests: transactions on a real server take longer than SQLite in memory.
jest.setTimeout(300_000);
