import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUDIT_ACTIONS, type AuditEntry } from '@smart-zone/types/audit';
import { type Call, fakeApi, item, itemPickerRoutes, meRoute, movement, page, stockAt } from '../../test/fake-api';
import { passwordUser } from '../../test/fake-gateway';
import { renderApp } from '../../test/render-app';
import { AUDIT_PAGE_SIZE } from '../features/audit/components/AuditPage';

const manager = passwordUser('manager@example.com', true);
const ITEM_ID = item()._id;

function entry(index: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    _id: String(index).padStart(24, '0'),
    at: '2026-11-20T10:00:00.000Z',
    actor: { uid: 'uid-ann@example.com', email: 'ann@example.com' },
    action: 'item.update',
    target: { kind: 'item', id: ITEM_ID, name: 'Pixel 8 Pro' },
    changes: { price: [899, 799], supplier: ['Google', 'Alphabet'] },
    reason: 'Black Friday',
    requestId: `req-${index}`,
    ...overrides,
  };
}

/** A row's changes, one `field: old → new` a line. */
const changeLines = (row: HTMLElement) =>
  within(row)
    .getAllByRole('listitem')
    .map((line) => line.textContent);

const auditCalls = (calls: Call[]) => calls.filter((call) => call.path.startsWith('/audit')).map((call) => call.path);

describe('Audit', () => {
  test('shows time, actor, action, the item (a link), each change as old → new, and the reason', async () => {
    fakeApi({
      ...meRoute(manager),
      'GET /audit?*': () =>
        page([
          entry(1),
          entry(2, {
            action: 'member.role',
            target: { kind: 'member', id: 'bob@example.com', name: 'bob@example.com' },
            changes: { role: ['clerk', 'manager'] },
            reason: undefined,
          }),
          entry(3, { action: 'item.create', changes: { minStock: [null, 3] } }),
        ]),
    });
    renderApp('/audit', manager);
    const [edit, role, created] = await screen.findAllByTestId('audit-row');
    expect(document.title).toBe('Audit-Smart-Zone');
    expect(screen.getByText('Every change anyone made, newest first.')).toBeInTheDocument();
    const row = within(edit!);
    expect(row.getByText('ann@example.com')).toBeInTheDocument();
    expect(row.getByText('Item edited')).toBeInTheDocument();
    expect(row.getByText('Black Friday')).toBeInTheDocument();
    expect(changeLines(edit!)).toEqual(['price: $899.00 → $799.00', 'supplier: Google → Alphabet']);
    expect(changeLines(role!)).toEqual(['role: clerk → manager']);
    expect(within(role!).queryByRole('link')).toBeNull();
    expect(changeLines(created!)).toEqual(['minStock: — → 3']);

    expect(row.getByRole('link', { name: 'Pixel 8 Pro' })).toHaveAttribute('href', `/inventory/${ITEM_ID}`);
  });

  test('the filters (the action from the list of actions) go to the address and the request', async () => {
    const { calls } = fakeApi({
      ...meRoute(manager),
      ...itemPickerRoutes(item()),
      'GET /audit?*': () => page([entry(1)], 1),
    });
    const { router } = renderApp('/audit', manager);
    await screen.findByTestId('audit-row');
    const filters = within(screen.getByRole('form', { name: 'Filter the audit' }));
    const action = filters.getByLabelText('Action');
    // Any action, then each action of the contract.
    expect(within(action).getAllByRole('option')).toHaveLength(AUDIT_ACTIONS.length + 1);
    await userEvent.selectOptions(action, 'Stock removed');
    await userEvent.type(filters.getByLabelText('Who'), 'bob@example.com');
    await userEvent.type(filters.getByLabelText('Item'), 'Pixel');
    await userEvent.click(await filters.findByRole('option', { name: /Pixel 8 Pro/ }));
    await userEvent.type(filters.getByLabelText('From'), '2026-11-01');
    await userEvent.type(filters.getByLabelText('To'), '2026-11-02');
    await userEvent.click(filters.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        `?actor=bob%40example.com&action=stock.remove&itemId=${ITEM_ID}&from=2026-11-01&to=2026-11-02`,
      ),
    );
    await waitFor(() =>
      expect(auditCalls(calls).at(-1)).toBe(
        `/audit?actor=bob%40example.com&action=stock.remove&itemId=${ITEM_ID}&from=2026-11-01&to=2026-11-02&limit=${AUDIT_PAGE_SIZE}`,
      ),
    );
  });

  test('an address with an unknown action asks for none; pages are asked of the server', async () => {
    const rows = Array.from({ length: AUDIT_PAGE_SIZE }, (_, index) => entry(index));
    const { calls } = fakeApi({
      ...meRoute(manager),
      'GET /audit?*': ({ path }) => (path.includes('skip=') ? page([entry(99)], 21) : page(rows, 21)),
    });
    renderApp('/audit?action=item.explode', manager);
    expect(await screen.findAllByTestId('audit-row')).toHaveLength(AUDIT_PAGE_SIZE);
    expect(auditCalls(calls)).toEqual([`/audit?limit=${AUDIT_PAGE_SIZE}`]);
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(1));
    expect(auditCalls(calls)).toContain(`/audit?limit=${AUDIT_PAGE_SIZE}&skip=${AUDIT_PAGE_SIZE}`);
    expect(screen.getByTestId('list-summary')).toHaveTextContent('Showing 21–21 of 21 entries');
  });

  test('a clerk reads that the page holds their own changes', async () => {
    const clerk = passwordUser('clerk@example.com', true);
    fakeApi({ ...meRoute(clerk, { role: 'clerk' }), 'GET /audit?*': () => page([], 0) });
    renderApp('/audit', clerk);
    expect(await screen.findByText('No changes yet.')).toBeInTheDocument();
    expect(screen.getByText('The changes you made, newest first.')).toBeInTheDocument();
  });
});

describe('the item page’s edits (readAudit)', () => {
  test('a manager sees the item’s audit beside its stock history, asked for by item id', async () => {
    const { calls } = fakeApi({
      ...meRoute(manager),
      [`GET /inventory/${ITEM_ID}/history*`]: () => page([movement()]),
      'GET /audit?itemId=*': () => page([entry(1)], 1),
      ...stockAt(item()),
      'GET /inventory/*': () => ({ body: item() }),
    });
    renderApp(`/inventory/${ITEM_ID}`, manager);
    const edits = within((await screen.findByRole('heading', { name: 'Edits' })).closest('.card') as HTMLElement);
    const row = await edits.findByTestId('edit-row');
    expect(changeLines(row)).toEqual(['price: $899.00 → $799.00', 'supplier: Google → Alphabet']);
    expect(within(row).getByText('Black Friday')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Stock history' })).toBeInTheDocument();
    expect(auditCalls(calls)).toEqual([`/audit?itemId=${ITEM_ID}&limit=10`]);
  });
});
