import { screen, within } from '@testing-library/react';
import { fakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { expectConsoleError } from '../../test/setup';

function Broken(): never {
  throw new Error('The page broke while drawing.');
}

test('a page that throws while rendering shows the error inside the layout, with a way home', async () => {
  fakeApi({});
  renderApp('/broken', null, { extraPages: [{ path: '/broken', element: <Broken /> }] });
  expect(await screen.findByRole('heading', { name: 'This page could not be shown' })).toBeInTheDocument();
  expect(screen.getByText('The page broke while drawing.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/home');
  // The navbar is still there: the error stayed inside the page.
  expect(within(screen.getByRole('navigation')).getByRole('link', { name: 'Inventory' })).toBeInTheDocument();
  expect(expectConsoleError()).toBeGreaterThan(0);
});
