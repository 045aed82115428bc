import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { type ToastContentProps, toast as library } from 'react-toastify';
import { ACTION_TOAST_MS, toast, useToastsWanted } from '../lib/toast';

// The library itself is drawn by the page tests; here: what is asked of it, and when.
jest.mock('react-toastify', () => ({ toast: { success: jest.fn(), error: jest.fn(), info: jest.fn() } }));

function Container() {
  return <p>{useToastsWanted() ? 'mounted' : 'not yet'}</p>;
}

const loaded = () => new Promise((resolve) => setTimeout(resolve, 0));

test('the container is wanted from the first toast on, and each kind goes to the library', async () => {
  render(<Container />);
  expect(screen.getByText('not yet')).toBeInTheDocument();

  act(() => toast.success('Saved'));
  expect(screen.getByText('mounted')).toBeInTheDocument();
  toast.info('Note');
  toast.error('Out of stock');
  await act(loaded);
  expect(library.success).toHaveBeenCalledWith('Saved', undefined);
  // The same note or error twice at once is shown once (twenty receipts kept offline): the message is its id.
  expect(library.info).toHaveBeenCalledWith('Note', { toastId: 'Note' });
  expect(library.error).toHaveBeenCalledWith('Out of stock', { toastId: 'Out of stock' });

  // A container mounted later is told at once.
  render(<Container />);
  expect(screen.getAllByText('mounted')).toHaveLength(2);
});

test('a toast with a button stays at least 6 s; its button does the action and closes the toast', async () => {
  const onClick = jest.fn();
  toast.success('Pixel 8 Pro now has 12 in stock', { label: 'Undo', onClick });
  await act(loaded);
  const [content, options] = jest.mocked(library.success).mock.lastCall as unknown as [
    (props: Partial<ToastContentProps>) => ReactNode,
    { autoClose: number },
  ];
  expect(options.autoClose).toBe(ACTION_TOAST_MS);
  expect(ACTION_TOAST_MS).toBeGreaterThanOrEqual(6000);

  const closeToast = jest.fn();
  render(<>{content({ closeToast })}</>);
  expect(screen.getByText('Pixel 8 Pro now has 12 in stock')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
  expect(onClick).toHaveBeenCalledTimes(1);
  expect(closeToast).toHaveBeenCalledTimes(1);
});
