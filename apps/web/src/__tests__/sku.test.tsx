import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Item } from '@smart-zone/types/item';
import { fakeApi, item, meRoute, movement, page, NO_EDITS, stockAt } from '../../test/fake-api';
import { passwordUser } from '../../test/fake-gateway';
import { renderApp } from '../../test/render-app';

const staff = passwordUser('staff@example.com', true);
const EAN = '4006381333931';
const pixel = item();
const pencil = item({ _id: 'c'.repeat(24), name: 'Pencil HB', supplier: 'Staedtler', sku: EAN });
const SKU_TAKEN = {
  status: 409,
  body: {
    error: { code: 'sku_taken', message: `SKU "${EAN}" belongs to another item: "Pencil HB" (${pencil._id}).` },
  },
};

const card = (heading: string) => screen.getByRole('heading', { name: heading }).closest('.card') as HTMLElement;

/** The item page's routes for `shown`; a PUT saves as the API does ('' clears the SKU). */
function itemPageApi(shown: Item, put?: () => { status: number; body: unknown }) {
  let current = shown;
  return fakeApi({
    ...meRoute(staff),
    ...NO_EDITS,
    [`GET /inventory/${shown._id}/history*`]: () => page([movement({ itemId: shown._id })]),
    ...stockAt(() => current),
    'GET /inventory/*': () => ({ body: current }),
    'PUT /inventory/*': ({ body }) => {
      if (put) return put();
      const { sku, ...rest } = { ...current, ...(body as Partial<Item>), version: current.version + 1 };
      current = sku ? { ...rest, sku } : rest;
      return { body: { acknowledged: true, matchedCount: 1, modifiedCount: 1 } };
    },
  });
}

async function fillAddForm(sku: string) {
  await userEvent.type(await screen.findByLabelText(/^Name/), 'Pencil HB');
  await userEvent.type(screen.getByLabelText(/^Supplier/), 'Staedtler');
  await userEvent.type(screen.getByLabelText('Price ($)'), '1.2');
  await userEvent.type(screen.getByLabelText('Quantity'), '100');
  await userEvent.type(screen.getByLabelText('SKU (optional)'), sku);
}

describe('the SKU on the add form', () => {
  test.each([
    [` ${EAN} `, EAN],
    ['   ', ''],
  ])('typed as "%s", it is sent as "%s"', async (typed, sent) => {
    const { calls } = fakeApi({
      ...meRoute(staff),
      ...NO_EDITS,
      'POST /inventory': () => ({ status: 201, body: { acknowledged: true, insertedId: pencil._id } }),
    });
    renderApp('/addNewItem', staff);
    await fillAddForm(typed);
    const sku = screen.getByLabelText('SKU (optional)');
    expect(sku).toHaveAttribute('maxLength', '64');
    expect(sku).toHaveAccessibleDescription(/Barcode digits \(EAN-13, UPC-A\) or your own code; unique\./);
    await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));

    expect(await screen.findByText('Successfully Addeded your item')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')!.body).toMatchObject({ name: 'Pencil HB', sku: sent });
    expect(screen.getByLabelText('SKU (optional)')).toHaveValue('');
  });

  test('a SKU another item has (409 sku_taken): the API’s message is shown and the form keeps the values', async () => {
    fakeApi({ ...meRoute(staff), ...NO_EDITS, 'POST /inventory': () => SKU_TAKEN });
    renderApp('/addNewItem', staff);
    await fillAddForm(EAN);
    await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));

    expect(await screen.findByText(SKU_TAKEN.body.error.message)).toBeInTheDocument();
    expect(screen.getByLabelText('SKU (optional)')).toHaveValue(EAN);
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Pencil HB');
    expect(screen.queryByText('Successfully Addeded your item')).not.toBeInTheDocument();
  });
});

describe('the SKU on the item page', () => {
  test('shown under the brand and in the update form; clearing it sends "" and the page stops showing it', async () => {
    const { calls } = itemPageApi(pencil);
    renderApp(`/inventory/${pencil._id}`, staff);
    expect(await screen.findByText('SKU:')).toBeInTheDocument();
    expect(screen.getByText('SKU:').parentElement).toHaveTextContent(`SKU: ${EAN}`);
    const form = within(
      await screen.findByRole('heading', { name: 'Update Pencil HB' }).then(() => card('Update Pencil HB')),
    );
    const sku = form.getByLabelText('SKU (optional)');
    expect(sku).toHaveValue(EAN);

    await userEvent.clear(sku);
    await userEvent.click(form.getByRole('button', { name: 'Update Item' }));

    expect(await screen.findByText('Pencil HB is updated')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')!.body).toMatchObject({ name: 'Pencil HB', sku: '' });
    await waitFor(() => expect(screen.queryByText('SKU:')).not.toBeInTheDocument());
    expect(form.getByLabelText('SKU (optional)')).toHaveValue('');
  });

  test('an item without a SKU shows none, and its update form’s field is empty', async () => {
    itemPageApi(pixel);
    renderApp(`/inventory/${pixel._id}`, staff);
    const form = within(
      await screen.findByRole('heading', { name: 'Update Pixel 8 Pro' }).then(() => card('Update Pixel 8 Pro')),
    );
    expect(form.getByLabelText('SKU (optional)')).toHaveValue('');
    expect(screen.getByText('Brand:')).toBeInTheDocument();
    expect(screen.queryByText('SKU:')).not.toBeInTheDocument();
  });

  test('a SKU another item has (409 sku_taken): the API’s message is shown and the form keeps the SKU', async () => {
    const { calls } = itemPageApi(pixel, () => SKU_TAKEN);
    renderApp(`/inventory/${pixel._id}`, staff);
    const form = within(
      await screen.findByRole('heading', { name: 'Update Pixel 8 Pro' }).then(() => card('Update Pixel 8 Pro')),
    );
    await userEvent.type(form.getByLabelText('SKU (optional)'), EAN);
    await userEvent.click(form.getByRole('button', { name: 'Update Item' }));

    expect(await screen.findByText(SKU_TAKEN.body.error.message)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')!.body).toMatchObject({ sku: EAN });
    expect(form.getByLabelText('SKU (optional)')).toHaveValue(EAN);
    expect(screen.queryByText('Pixel 8 Pro is updated')).not.toBeInTheDocument();
  });
});

describe('Manage Inventories', () => {
  test('a row shows the item’s SKU under its name, only when it has one', async () => {
    fakeApi({ ...meRoute(staff), 'GET /inventory?*': () => page([pencil, pixel]) });
    renderApp('/manageInventories', staff);
    const [withSku, withoutSku] = (await screen.findAllByTestId('manage-row')) as [HTMLElement, HTMLElement];
    expect(within(withSku).getByText(`SKU: ${EAN}`)).toBeInTheDocument();
    expect(within(withoutSku).queryByText(/SKU/)).not.toBeInTheDocument();
  });

  test('Find by SKU (a scan: the code and Enter) asks for the exact, trimmed SKU and opens the item', async () => {
    const { calls } = fakeApi({
      ...meRoute(staff),
      ...NO_EDITS,
      'GET /inventory?sku=*': () => page([pencil]),
      'GET /inventory?*': () => page([pixel]),
      [`GET /inventory/${pencil._id}/history*`]: () => page([movement({ itemId: pencil._id })]),
      ...stockAt(pencil),
      'GET /inventory/*': () => ({ body: pencil }),
    });
    const { router } = renderApp('/manageInventories', staff);
    await userEvent.type(await screen.findByLabelText('Find by SKU'), ` ${EAN} {Enter}`);

    expect(await screen.findByRole('heading', { name: 'Pencil HB', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/inventory/${pencil._id}`);
    expect(calls.filter((call) => call.path.includes('sku=')).map((call) => call.path)).toEqual([
      `/inventory?sku=${EAN}`,
    ]);
  });

  test('Find by SKU with no such item says so and stays; an empty field asks nothing', async () => {
    const { calls } = fakeApi({
      ...meRoute(staff),
      'GET /inventory?sku=*': () => page([], 0),
      'GET /inventory?*': () => page([pixel]),
    });
    const { router } = renderApp('/manageInventories', staff);
    const input = await screen.findByLabelText('Find by SKU');
    await userEvent.type(input, 'AB 12/X');
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));

    expect(await screen.findByText('No item has SKU AB 12/X.')).toHaveAttribute('role', 'status');
    expect(router.state.location.pathname).toBe('/manageInventories');
    expect(calls.filter((call) => call.path.includes('sku=')).map((call) => call.path)).toEqual([
      '/inventory?sku=AB%2012%2FX',
    ]);
    // Selected: the next scan replaces it.
    expect(input).toHaveProperty('selectionStart', 0);
    expect(input).toHaveProperty('selectionEnd', 'AB 12/X'.length);

    await userEvent.clear(input);
    await userEvent.type(input, '   {Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(calls.filter((call) => call.path.includes('sku='))).toHaveLength(1);
  });
});
