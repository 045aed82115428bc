import { screen } from '@testing-library/react';
import { fakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

test('an unknown path shows the 404 page', async () => {
  fakeApi({});
  renderApp('/no/such/page');
  expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  expect(screen.getByText('Sorry')).toBeInTheDocument();
  expect(document.title).toBe('Page Not Found-Smart-Zone');
});
