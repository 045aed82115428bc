import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SPEC_TEXTS } from '@smart-zone/types/spec-texts';
import { LOGIN_OK, fakeApi, item, meRoute, page } from '../../test/fake-api';
import { googleUser, passwordUser } from '../../test/fake-gateway';
import { renderApp } from '../../test/render-app';

const api = () =>
  fakeApi({
    // Manage Inventories' page, and home's first six after signing out.
    'GET /inventory?*': () => page([item()]),
    ...meRoute(passwordUser('staff@example.com', true)),
    'POST /login': () => LOGIN_OK,
  });

describe('protected pages', () => {
  test('a visitor is sent to /login and, after signing in, back to the page they wanted', async () => {
    api();
    const { router, gateway } = renderApp('/manageInventories');

    expect(await screen.findByRole('heading', { name: 'Please Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');

    await userEvent.type(screen.getByLabelText('Email address'), 'staff@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pw');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { name: 'Manage Inventories' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/manageInventories');
    expect(gateway.signIn).toHaveBeenCalledWith('staff@example.com', 'secret-pw');
    expect(localStorage.getItem('accessToken')).toBe('access-token');
  });

  test('a visitor sent to the Scan screen is asked to sign in first; the camera is never asked for', async () => {
    api();
    const getUserMedia = jest.fn();
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    const { router } = renderApp('/scan');
    expect(await screen.findByRole('heading', { name: 'Please Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(getUserMedia).not.toHaveBeenCalled();
  });

  test('the lower-case /manageinventories of the home button lands on the protected page', async () => {
    api();
    renderApp('/manageinventories', passwordUser('staff@example.com', true));
    expect(await screen.findByRole('heading', { name: 'Manage Inventories' })).toBeInTheDocument();
    expect(await screen.findByText('Pixel 8 Pro')).toBeInTheDocument();
  });

  test('a password user with an unverified email sees the notice and can resend the email', async () => {
    api();
    const { gateway } = renderApp('/addNewItem', passwordUser('new@example.com', false));

    expect(await screen.findByText('Your Email is not verified!!')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Add New Item' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Send Verification Email Again' }));
    expect(await screen.findByText('Email Sent ...')).toBeInTheDocument();
    expect(gateway.sendVerification).toHaveBeenCalledTimes(1);
  });

  test('it says the link was sent by email, when the sign-in service sends emails', async () => {
    api();
    renderApp('/addNewItem', passwordUser('new@example.com', false));
    expect(await screen.findByText(/We sent a verification link to/)).toHaveTextContent(
      'We sent a verification link to new@example.com. Open it, then come back to this page.',
    );
    expect(screen.queryByTestId('link-in-start-log')).not.toBeInTheDocument();
  });

  test('on the local Auth emulator it says the link is in the terminal running Smart Zone, and still resends', async () => {
    api();
    const { gateway } = renderApp('/addNewItem', passwordUser('new@example.com', false));
    gateway.linksInStartLog = true;

    const where = await screen.findByTestId('link-in-start-log');
    expect(where).toHaveTextContent(
      'This Smart Zone runs on your own computer and sends no email. Your verification link for new@example.com ' +
        'is in the terminal window where Smart Zone is running (where pnpm start was typed), on the line that ' +
        'starts "Email verification link for".',
    );
    expect(where).toHaveTextContent('Open that link, then come back here and press "I have verified my email".');
    expect(screen.queryByText(/We sent a verification link/)).not.toBeInTheDocument();
    expect(screen.getByText('Your Email is not verified!!')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Send Verification Email Again' }));
    expect(await screen.findByText('Email Sent ...')).toBeInTheDocument();
    expect(gateway.sendVerification).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'I have verified my email' })).toBeInTheDocument();
  });

  test('a resend the auth provider refuses shows its message (the gateway says "No user is logged in" when Firebase has no current user)', async () => {
    api();
    const { gateway } = renderApp('/myitem', passwordUser('new@example.com', false));
    gateway.sendVerification.mockRejectedValueOnce(new Error(SPEC_TEXTS.noUserLoggedIn));
    await userEvent.click(await screen.findByRole('button', { name: 'Send Verification Email Again' }));
    expect(await screen.findByText(SPEC_TEXTS.noUserLoggedIn)).toBeInTheDocument();
    expect(gateway.sendVerification).toHaveBeenCalledTimes(1);
  });

  test('a verified password user sees the page', async () => {
    api();
    renderApp('/addNewItem', passwordUser('staff@example.com', true));
    expect(await screen.findByRole('heading', { name: 'Add New Item' })).toBeInTheDocument();
    expect(screen.queryByText('Your Email is not verified!!')).not.toBeInTheDocument();
  });

  test('a Google user counts as verified', async () => {
    api();
    renderApp('/addNewItem', googleUser('g@example.com'));
    expect(await screen.findByRole('heading', { name: 'Add New Item' })).toBeInTheDocument();
    expect(screen.queryByText('Your Email is not verified!!')).not.toBeInTheDocument();
  });

  test('the navbar shows the signed-in links only to a signed-in user', async () => {
    api();
    renderApp('/about');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'My Item' })).not.toBeInTheDocument();
  });

  test('signing out clears the accessToken and shows the visitor navbar', async () => {
    api();
    const { gateway } = renderApp('/about', passwordUser('staff@example.com', true));
    for (const name of ['Manage Inventories', 'Add NewItem', 'My Item']) {
      expect(await screen.findByRole('link', { name })).toBeInTheDocument();
    }
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(gateway.signOut).toHaveBeenCalled();
    await waitFor(() => expect(localStorage.getItem('accessToken')).toBeNull());
  });
});
