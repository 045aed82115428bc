import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Item } from '@smart-zone/types/item';
import { photoSrcSet } from '@smart-zone/types/photo-card';
import { ItemImage } from '../components/ItemImage';
import { fakeApi, item, meRoute, NO_EDITS, page, stockAt } from '../../test/fake-api';
import { passwordUser } from '../../test/fake-gateway';
import { renderApp } from '../../test/render-app';

const staff = passwordUser('staff@example.com', true);
const HASH = 'ab'.repeat(16);
const CARD = `/api/photos/${HASH}-card.webp`;
const PIXEL = item({ img: '' });
const HISTORY = `GET /inventory/${PIXEL._id}/history*`;
const photo = new File([new Uint8Array(2048).fill(7)], 'IMG_0001.jpg', { type: 'image/jpeg' });

describe('an item picture', () => {
  test('an uploaded photo offers its thumb and card (and its full size where the page says how wide it is)', () => {
    expect(photoSrcSet(CARD, false)).toBe(`/api/photos/${HASH}-thumb.webp 160w, ${CARD} 480w`);
    expect(photoSrcSet(CARD, true)).toBe(
      `/api/photos/${HASH}-thumb.webp 160w, ${CARD} 480w, /api/photos/${HASH}-full.webp 1600w`,
    );
    expect(photoSrcSet('/images/pixel-9.svg', true)).toBeUndefined();
    expect(photoSrcSet(`https://cdn.example.com/api/photos/${HASH}-card.webp`, false)).toBeUndefined();

    render(<ItemImage src={CARD} alt="Bolts" />);
    const image = screen.getByRole('img', { name: 'Bolts' });
    expect(image).toHaveAttribute('srcset', photoSrcSet(CARD, false));
    expect(image).toHaveAttribute('sizes', '(max-width: 575px) 100vw, 300px');
    // Its box is known before it loads: nothing moves when it arrives.
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['480', '360']);
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveClass('item-image-photo');
  });

  test('a typed-in URL has no sizes; no picture is the placeholder, marked to be low on a phone', () => {
    render(<ItemImage src="/images/pixel-9.svg" alt="Pixel" />);
    expect(screen.getByRole('img', { name: 'Pixel' })).not.toHaveAttribute('srcset');
    render(<ItemImage src="" alt="Nothing" priority />);
    const none = screen.getByRole('img', { name: 'Nothing' });
    expect(none).toHaveAttribute('src', '/images/placeholder.svg');
    expect(none).toHaveClass('item-image-none');
    expect(none).toHaveAttribute('loading', 'eager');
  });
});

/** The item's page as the API answers it, for `role`, with the item as it is now. */
const itemPage = (now: () => Item, role: 'manager' | 'clerk' = 'manager') => ({
  ...meRoute(staff, { role }),
  ...NO_EDITS,
  ...stockAt(now),
  [HISTORY]: () => page([]),
  'GET /inventory/*': () => ({ body: now() }),
});
/** PUT /inventory/:id/photo's answer. */
const SAVED = { body: { img: CARD, thumb: CARD, card: CARD, full: CARD, bytes: { thumb: 1, card: 2, full: 3 } } };

describe('photos on the item page and the add form (a manager)', () => {
  test('a chosen photo is sent as the image itself, with progress; the page shows the new one, and it can be removed', async () => {
    let current: Item = PIXEL;
    const { calls } = fakeApi({
      ...itemPage(() => current),
      'PUT /inventory/*': () => {
        current = { ...current, img: CARD, version: current.version + 1 };
        return SAVED;
      },
      'DELETE /inventory/*': () => {
        current = { ...current, img: '', version: current.version + 1 };
        return { body: { img: '' } };
      },
    });
    renderApp(`/inventory/${current._id}`, staff);
    expect(await screen.findByRole('button', { name: `Choose photo of ${current.name}` })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove photo' })).not.toBeInTheDocument();

    await userEvent.upload(screen.getByTestId('photo-file'), photo);
    expect(await screen.findByText(`The photo of ${current.name} is saved`)).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.path).toBe(`/inventory/${current._id}/photo`);
    expect(put.headers['Content-Type']).toBe('image/jpeg');
    // jsdom draws no pictures: the file goes as it was chosen (a browser sends it shrunk, e2e photos.spec).
    expect(put.body).toBeInstanceOf(Blob);
    expect(put.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() => expect(document.querySelector('.item-detail-image')).toHaveAttribute('src', CARD));

    await userEvent.click(await screen.findByRole('button', { name: 'Remove photo' }));
    expect(await screen.findByText(`The photo of ${current.name} is removed`)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      `/inventory/${current._id}/photo`,
    ]);
  });

  test('a refused photo says why, and Try again sends the same photo again', async () => {
    const current = PIXEL;
    let tries = 0;
    fakeApi({
      ...itemPage(() => current),
      'PUT /inventory/*': () => {
        tries += 1;
        return tries === 1
          ? {
              status: 415,
              body: {
                error: { code: 'unsupported_media_type', message: 'This file is not a JPEG, PNG, WebP or AVIF image.' },
              },
            }
          : SAVED;
      },
    });
    renderApp(`/inventory/${current._id}`, staff);
    await screen.findByRole('button', { name: `Choose photo of ${current.name}` });
    await userEvent.upload(screen.getByTestId('photo-file'), photo);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `The photo of ${current.name} was not saved: This file is not a JPEG, PNG, WebP or AVIF image.`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(`The photo of ${current.name} is saved`)).toBeInTheDocument();
    expect(tries).toBe(2);
  });

  test('a clerk sees no photo buttons', async () => {
    const current = { ...PIXEL, img: CARD };
    fakeApi(itemPage(() => current, 'clerk'));
    renderApp(`/inventory/${current._id}`, staff);
    expect(await screen.findByRole('button', { name: /^Receive/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Take photo|Choose photo/ })).not.toBeInTheDocument();
  });

  test('on the add form, the photo chosen is shown, then sent to the item once it is added', async () => {
    const id = 'f'.repeat(24);
    const { calls } = fakeApi({
      ...meRoute(staff),
      ...NO_EDITS,
      'POST /inventory': () => ({ status: 201, body: { acknowledged: true, insertedId: id } }),
      'PUT /inventory/*': () => SAVED,
    });
    renderApp('/addNewItem', staff);
    await userEvent.type(await screen.findByLabelText(/^Name/), 'Bolts M8');
    await userEvent.type(screen.getByLabelText(/^Supplier/), 'Acme');
    await userEvent.type(screen.getByLabelText('Price ($)'), '2');
    await userEvent.type(screen.getByLabelText('Quantity'), '100');
    await userEvent.upload(screen.getByTestId('photo-file'), photo);
    expect(await screen.findByRole('img', { name: 'The photo chosen' })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByText('The photo of Bolts M8 is saved')).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.path}`).filter((call) => !call.startsWith('GET'))).toEqual([
      'POST /inventory',
      `PUT /inventory/${id}/photo`,
    ]);
    expect(screen.queryByRole('img', { name: 'The photo chosen' })).not.toBeInTheDocument();
  });
});
