import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOGIN_OK, fakeApi, item, meRoute } from '../../test/fake-api';
import { googleUser } from '../../test/fake-gateway';
import { renderApp } from '../../test/render-app';
import { todayRoutes } from '../../test/today-api';

beforeEach(() => {
  fakeApi({
    'GET /inventory?limit=6': () => ({ body: [item()] }),
    'POST /login': () => LOGIN_OK,
    // Signed in with Google (the fake gateway's account), the navbar asks who that is (and, for staff, the bell).
    ...meRoute(googleUser('g@example.com')),
  });
});

describe('sign up', () => {
  test('Register stays disabled and the terms label red until the box is ticked', async () => {
    const { router, gateway } = renderApp('/signup');
    const register = await screen.findByRole('button', { name: 'Register' });
    const terms = screen.getByLabelText('Accept Smart Zone Terms and Conditions');
    const termsRow = terms.closest('.form-check')!;

    expect(register).toBeDisabled();
    expect(termsRow).toHaveClass('text-danger');

    await userEvent.type(screen.getByLabelText('Email address'), 'new@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pw');
    await userEvent.click(terms);
    expect(register).toBeEnabled();
    expect(termsRow).not.toHaveClass('text-danger');

    await userEvent.click(register);
    expect(await screen.findByRole('heading', { name: 'Inventory' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
    expect(gateway.signUp).toHaveBeenCalledWith('new@example.com', 'secret-pw', undefined);
  });

  test('a provider error is shown as red "Error: {message}"', async () => {
    const { gateway } = renderApp('/signup');
    gateway.signUp.mockRejectedValueOnce(new Error('An account with this email already exists. Sign in instead.'));
    await userEvent.type(await screen.findByLabelText('Email address'), 'taken@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pw');
    await userEvent.click(screen.getByLabelText('Accept Smart Zone Terms and Conditions'));
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('Error: An account with this email already exists. Sign in instead.');
    expect(error).toHaveClass('text-danger');
  });
});

describe('sign in', () => {
  test('Reset Password with an empty email asks for it and sends nothing', async () => {
    const { gateway } = renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('please enter your email address')).toBeInTheDocument();
    expect(gateway.resetPassword).not.toHaveBeenCalled();
  });

  test('Reset Password with an email sends the reset email', async () => {
    const { gateway } = renderApp('/login');
    await userEvent.type(await screen.findByLabelText('Email address'), 'staff@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Sent email')).toBeInTheDocument();
    expect(gateway.resetPassword).toHaveBeenCalledWith('staff@example.com');
    expect(screen.queryByText(/the password reset link is in the terminal/)).not.toBeInTheDocument();
  });

  test('on the local Auth emulator, Reset Password also says where the link is', async () => {
    const { gateway } = renderApp('/login');
    gateway.linksInStartLog = true;
    await userEvent.type(await screen.findByLabelText('Email address'), 'staff@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Sent email')).toBeInTheDocument();
    expect(
      await screen.findByText(
        'No email on a local install: the password reset link is in the terminal where Smart Zone is running.',
      ),
    ).toBeInTheDocument();
  });

  test('a wrong password shows the error in red and stays on /login', async () => {
    const { gateway, router } = renderApp('/login');
    gateway.signIn.mockRejectedValueOnce(new Error('Wrong email or password.'));
    await userEvent.type(await screen.findByLabelText('Email address'), 'staff@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Wrong email or password.');
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  test('Google sign-in exchanges the token; staff, from no page, land on Today', async () => {
    fakeApi({ 'POST /login': () => LOGIN_OK, ...meRoute(googleUser('g@example.com')), ...todayRoutes() });
    const { gateway, router } = renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByRole('heading', { name: 'Today', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/today');
    expect(gateway.signInWithGoogle).toHaveBeenCalled();
    expect(localStorage.getItem('accessToken')).toBe('access-token');
  });

  test('against the Auth emulator, Google sign-in asks which Google account to use; not on the team, home', async () => {
    fakeApi({
      'GET /inventory?limit=6': () => ({ body: [item()] }),
      'POST /login': () => LOGIN_OK,
      ...meRoute(googleUser('g@example.com'), { role: null }),
    });
    const { gateway } = renderApp('/login');
    gateway.googleNeedsAccount = true;
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    await userEvent.type(await screen.findByLabelText('Google account email'), 'gina@example.com');
    await userEvent.type(screen.getByLabelText('Display name (optional)'), 'Gina');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with Google.com' }));
    expect(await screen.findByRole('heading', { name: 'Inventory' })).toBeInTheDocument();
    expect(gateway.signInWithGoogle).toHaveBeenCalledWith({ email: 'gina@example.com', name: 'Gina' });
  });
});
