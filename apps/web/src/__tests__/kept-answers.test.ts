import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { forgetAnswers, keepAnswers } from '../lib/offline/answers';

/** Issue 37: the answers a person opened are kept in this browser, theirs only, and forgotten at sign-out. */

const settle = () => new Promise((resolve) => setTimeout(resolve, 1_300));

test('an item, its stock and a first page are kept and put back for the same person; an audit page and a second page are not', async () => {
  const before = new QueryClient();
  const stop = keepAnswers(before, 'u1');
  before.setQueryData(['items', 'detail', 'i1'], { name: 'Bolt', quantity: 4 });
  before.setQueryData(['items', 'detail', 'i1', 'stock'], [{ locationId: 'main', quantity: 4 }]);
  before.setQueryData(['items', 'list', { limit: 24 }], { items: [], total: 0 });
  before.setQueryData(['items', 'list', { limit: 24, skip: 24 }], { items: [], total: 0 });
  before.setQueryData(['audit', {}], { items: [] });
  await settle();
  stop();

  const after = new QueryClient();
  const stopAfter = keepAnswers(after, 'u1');
  await waitFor(() => expect(after.getQueryData(['items', 'detail', 'i1'])).toEqual({ name: 'Bolt', quantity: 4 }));
  expect(after.getQueryData(['items', 'detail', 'i1', 'stock'])).toEqual([{ locationId: 'main', quantity: 4 }]);
  expect(after.getQueryData(['items', 'list', { limit: 24 }])).toEqual({ items: [], total: 0 });
  expect(after.getQueryData(['items', 'list', { limit: 24, skip: 24 }])).toBeUndefined();
  expect(after.getQueryData(['audit', {}])).toBeUndefined();
  // When it was saved is kept too: the page says how old it is.
  expect(after.getQueryState(['items', 'detail', 'i1'])?.dataUpdatedAt).toBe(
    before.getQueryState(['items', 'detail', 'i1'])?.dataUpdatedAt,
  );
  stopAfter();

  const someoneElse = new QueryClient();
  const stopElse = keepAnswers(someoneElse, 'u2');
  await settle();
  expect(someoneElse.getQueryData(['items', 'detail', 'i1'])).toBeUndefined();
  stopElse();

  await forgetAnswers();
  const signedOut = new QueryClient();
  const stopOut = keepAnswers(signedOut, 'u1');
  await settle();
  expect(signedOut.getQueryData(['items', 'detail', 'i1'])).toBeUndefined();
  stopOut();
}, 20_000);
