import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { useListParams } from '../lib/use-list-params';

const SORTS = [
  { value: 'newest', label: 'Newest' },
  { value: 'price', label: 'Price' },
];

/** Renders the hook at `address` and hands back the router and the hook's latest answer. */
function atAddress(address: string) {
  const seen: { current?: ReturnType<typeof useListParams> } = {};
  function Probe() {
    seen.current = useListParams(SORTS, 'newest');
    return null;
  }
  const router = createMemoryRouter([{ path: '/', element: <Probe /> }], { initialEntries: [address] });
  render(<RouterProvider router={router} />);
  const list = () => {
    if (!seen.current) throw new Error('the hook did not render');
    return seen.current;
  };
  return { router, list, address: () => router.state.location.search };
}

test.each([
  ['/', 1],
  ['/?page=1', 1],
  ['/?page=3', 3],
  ['/?page=0', 1],
  ['/?page=-2', 1],
  ['/?page=2.5', 1],
  ['/?page=abc', 1],
])('the page of %s is %i', (address, page) => {
  expect(atAddress(address).list().page).toBe(page);
});

test('the search is the address text trimmed; the box keeps it as typed', () => {
  const { list } = atAddress('/?q=%20%20bolt%20');
  expect(list().q).toBe('  bolt ');
  expect(list().search).toBe('bolt');
});

test('an unknown sort falls back to the default', () => {
  expect(atAddress('/?sort=nope').list().sort).toBe('newest');
  expect(atAddress('/?sort=price').list().sort).toBe('price');
});

test('a new search is trimmed, drops the page, and adds a history entry', () => {
  const { router, list, address } = atAddress('/?page=4');
  act(() => list().setSearch('  bolt  '));
  expect(address()).toBe('?q=bolt');
  expect(router.state.historyAction).toBe('PUSH');
});

test('refining a search replaces the entry; clearing it or starting one from blanks pushes', () => {
  const { router, list, address } = atAddress('/?q=bo');
  act(() => list().setSearch('bolt'));
  expect(address()).toBe('?q=bolt');
  expect(router.state.historyAction).toBe('REPLACE');

  act(() => list().setSearch('   '));
  expect(address()).toBe('');
  expect(router.state.historyAction).toBe('PUSH');

  const blank = atAddress('/?q=%20%20');
  act(() => blank.list().setSearch('nut'));
  expect(blank.address()).toBe('?q=nut');
  expect(blank.router.state.historyAction).toBe('PUSH');
});

test('a sort change keeps the default out of the address and starts at page 1', () => {
  const { list, address } = atAddress('/?q=bolt&page=3');
  act(() => list().setSort('price'));
  expect(address()).toBe('?q=bolt&sort=price');
  act(() => list().setSort('newest'));
  expect(address()).toBe('?q=bolt');
});

test('page 1 stays out of the address', () => {
  const { list, address } = atAddress('/?sort=price');
  act(() => list().setPage(2));
  expect(address()).toBe('?sort=price&page=2');
  act(() => list().setPage(1));
  expect(address()).toBe('?sort=price');
});
