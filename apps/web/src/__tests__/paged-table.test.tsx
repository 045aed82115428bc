import { QueryClient, QueryClientProvider, keepPreviousData, useQuery } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { PagedTable } from '../components/PagedTable';
import { ApiError } from '../lib/api-client';
import type { Page } from '../lib/page';

interface Row {
  _id: string;
  name: string;
}

/** An answer the test gives when it decides: the page, or a refusal. */
function pending<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((done, fail) => {
    resolve = done;
    reject = fail;
  });
  return { promise, resolve, reject };
}

const SIZE = 20;
const COLUMNS = ['Name', 'Seen with', ''];
const TEXTS = { many: 'rows', one: 'row', pages: 'Pages of rows' };

const rowsOf = (page: number, count: number): Row[] =>
  Array.from({ length: count }, (_, index) => {
    const number = (page - 1) * SIZE + index + 1;
    return { _id: String(number), name: `Row ${number}` };
  });

/** A row names itself and how many rows its page shows (PagedTable hands each row the page). */
const renderRow = (row: Row, shown: Row[]) => (
  <tr data-testid="row">
    <th scope="row" data-label="Name">
      {row.name}
    </th>
    <td data-label="Seen with">{shown.length}</td>
    <td className="table-actions">
      <button type="button">Open {row.name}</button>
    </td>
  </tr>
);

/**
 * A list of `total` rows paged by the table's own state, each page answered
 * when the test says so: `answers[page]` resolves (or rejects) that request.
 */
function renderQueried({ total, firstPage = 1, search = '' }: { total: number; firstPage?: number; search?: string }) {
  const answers = new Map<number, ReturnType<typeof pending<Page<Row>>>>();
  const asked: number[] = [];
  const answer = (page: number) => {
    if (!answers.has(page)) answers.set(page, pending<Page<Row>>());
    return answers.get(page)!;
  };
  function List() {
    const [page, setPage] = useState(firstPage);
    const query = useQuery({
      queryKey: ['rows', page],
      queryFn: () => {
        asked.push(page);
        return answer(page).promise;
      },
      placeholderData: keepPreviousData,
      retry: false,
    });
    return (
      <PagedTable
        source={{ query, skeletonRows: 4, loading: 'Loading the rows...' }}
        columns={COLUMNS}
        paging={{ page, setPage }}
        size={SIZE}
        search={search}
        texts={TEXTS}
        empty={<p>Nothing here yet.</p>}
        row={renderRow}
      />
    );
  }
  render(
    <QueryClientProvider client={new QueryClient()}>
      <List />
    </QueryClientProvider>,
  );
  const pageOf = (page: number): Page<Row> => ({
    items: rowsOf(page, Math.max(0, Math.min(SIZE, total - (page - 1) * SIZE))),
    total,
  });
  return {
    asked,
    /** Answers page `page` as the list of `total` rows has it. */
    resolve: (page: number) => answer(page).resolve(pageOf(page)),
    /** Refuses page `page`; it is asked anew after that. */
    reject: (page: number, error: Error) => {
      answer(page).reject(error);
      answers.delete(page);
    },
  };
}

const names = () => screen.queryAllByTestId('row').map((row) => within(row).getByRole('rowheader').textContent);

describe('PagedTable', () => {
  test('while the first page loads: a skeleton in the real columns, announced by its label', async () => {
    const list = renderQueried({ total: 45 });
    const skeleton = screen.getByRole('status');
    expect(skeleton).toHaveTextContent('Loading the rows...');
    expect(skeleton).toHaveAttribute('aria-busy', 'true');
    expect(
      within(skeleton)
        .getAllByRole('columnheader', { hidden: true })
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Seen with', '']);
    // A row of grey bars for each skeleton row asked for (below the head's row).
    expect(within(skeleton).getAllByRole('row', { hidden: true })).toHaveLength(1 + 4);
    list.resolve(1);
    expect(await screen.findAllByTestId('row')).toHaveLength(SIZE);
    expect(screen.queryByRole('status')).toBeNull();
  });

  test('a page: its summary, the columns (the actions one named for screen readers), its rows, and page links', async () => {
    const list = renderQueried({ total: 45 });
    list.resolve(1);
    await screen.findAllByTestId('row');
    expect(screen.getByTestId('list-summary')).toHaveTextContent('Showing 1–20 of 45 rows');
    expect(screen.getByTestId('list-summary')).toHaveAttribute('aria-live', 'polite');
    const table = screen.getByRole('table');
    expect(table).toHaveClass('table', 'table-striped', 'align-middle', 'table-stack');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Seen with', 'Actions']);
    expect(within(table).getByText('Actions')).toHaveClass('visually-hidden');
    expect(names()).toEqual(rowsOf(1, SIZE).map((row) => row.name));
    // Each row is handed the whole page.
    expect(within(screen.getAllByTestId('row')[0]!).getByText(String(SIZE))).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Pages of rows' });
    expect(within(nav).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByText('Page 1 of 3')).toBeInTheDocument();
  });

  test('while the next page loads the rows on screen stay, dimmed and busy, and the summary goes on describing them', async () => {
    const list = renderQueried({ total: 45 });
    list.resolve(1);
    await screen.findAllByTestId('row');
    await userEvent.click(screen.getByRole('button', { name: 'Last page, 3' }));

    expect(list.asked).toEqual([1, 3]);
    expect(names()).toEqual(rowsOf(1, SIZE).map((row) => row.name));
    const busy = screen.getByRole('table').closest('[aria-busy]');
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy).toHaveClass('list-loading');
    expect(screen.getByTestId('list-summary')).toHaveTextContent('Showing 1–20 of 45 rows');
    // The page links already show the page asked for.
    expect(screen.getByRole('button', { name: 'Last page, 3' })).toBeDisabled();

    list.resolve(3);
    expect(await screen.findByText('Showing 41–45 of 45 rows')).toBeInTheDocument();
    expect(names()).toEqual(['Row 41', 'Row 42', 'Row 43', 'Row 44', 'Row 45']);
    expect(screen.getByRole('table').closest('[aria-busy]')).toHaveAttribute('aria-busy', 'false');
  });

  test('a page that cannot load says why and tries again on request', async () => {
    const list = renderQueried({ total: 3 });
    list.reject(1, new ApiError(503, 'internal', 'The store is busy. Try again in a moment.'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The store is busy. Try again in a moment.');
    expect(screen.queryByRole('table')).toBeNull();
    expect(list.asked).toEqual([1]);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(list.asked).toEqual([1, 1]);
    list.resolve(1);
    expect(await screen.findByText('Showing 1–3 of 3 rows')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('an empty first page says the page’s own words', async () => {
    const list = renderQueried({ total: 0 });
    list.resolve(1);
    expect(await screen.findByText('Nothing here yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByTestId('list-summary')).toBeNull();
  });

  test('a search nothing matches says so, naming the search', async () => {
    const list = renderQueried({ total: 0, search: 'bolt' });
    list.resolve(1);
    expect(await screen.findByText('No row matches “bolt”.')).toBeInTheDocument();
    expect(screen.queryByText('Nothing here yet.')).toBeNull();
  });

  test('a page past the end offers the first page', async () => {
    const list = renderQueried({ total: 5, firstPage: 3 });
    list.resolve(3);
    expect(await screen.findByText(/There is nothing on page 3\./)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to the first page' }));
    list.resolve(1);
    expect(await screen.findByText('Showing 1–5 of 5 rows')).toBeInTheDocument();
    expect(names()).toEqual(['Row 1', 'Row 2', 'Row 3', 'Row 4', 'Row 5']);
  });

  test('a page already in hand (cut by the page itself): the same summary, table and links, nothing busy', async () => {
    const all = rowsOf(1, 25);
    function InHand() {
      const [page, setPage] = useState(1);
      return (
        <PagedTable
          source={{ data: { items: all.slice((page - 1) * SIZE, page * SIZE), total: all.length } }}
          columns={COLUMNS.slice(0, 2)}
          className="mb-0"
          paging={{ page, setPage }}
          size={SIZE}
          texts={TEXTS}
          empty={<p>Nothing here yet.</p>}
          row={(row) => (
            <tr data-testid="row">
              <th scope="row">{row.name}</th>
              <td>{row._id}</td>
            </tr>
          )}
        />
      );
    }
    render(<InHand />);
    expect(screen.getByTestId('list-summary')).toHaveTextContent('Showing 1–20 of 25 rows');
    expect(screen.getByRole('table')).toHaveClass('mb-0');
    expect(screen.getByRole('table').closest('[aria-busy]')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByTestId('list-summary')).toHaveTextContent('Showing 21–25 of 25 rows');
    expect(names()).toEqual(['Row 21', 'Row 22', 'Row 23', 'Row 24', 'Row 25']);
  });

  test('an empty page in hand says the page’s own words', () => {
    render(
      <PagedTable<Row>
        source={{ data: { items: [], total: 0 } }}
        columns={COLUMNS}
        paging={{ page: 1, setPage: () => undefined }}
        size={SIZE}
        texts={TEXTS}
        empty={<p>Nothing here yet.</p>}
        row={renderRow}
      />,
    );
    expect(screen.getByText('Nothing here yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
