import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SPEC_TEXTS } from '@smart-zone/types/spec-texts';
import { fakeApi, item, meRoute, page } from '../../test/fake-api';
import { passwordUser } from '../../test/fake-gateway';
import { renderApp } from '../../test/render-app';
import { todayRoutes } from '../../test/today-api';
import { openWorkMenu, workButton } from '../../test/work-menu';

const clerk = passwordUser('clerk@example.com', true);
const nav = () => within(screen.getByRole('navigation'));
const listOf = (button: HTMLElement) => document.getElementById(button.getAttribute('aria-controls')!)!;

describe('the Work menu', () => {
  test('a disclosure: the button tells whether it is open; Escape closes it and gives the focus back', async () => {
    fakeApi(meRoute(clerk, { role: 'clerk' }));
    renderApp('/about', clerk);
    const button = await workButton();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(listOf(button)).not.toBeVisible();

    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(listOf(button)).toBeVisible();
    await userEvent.tab();
    expect(within(listOf(button)).getByRole('link', { name: 'Today' })).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(listOf(button)).not.toBeVisible();
    expect(button).toHaveFocus();
  });

  test('a click outside closes it; going to one of its pages closes it and marks the page', async () => {
    fakeApi({ ...meRoute(clerk, { role: 'clerk' }), ...todayRoutes() });
    const { router } = renderApp('/about', clerk);
    await openWorkMenu();
    await userEvent.click(screen.getByRole('heading', { level: 1 }));
    expect(await workButton()).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click((await openWorkMenu()).getByRole('link', { name: 'Today' }));
    expect(await screen.findByRole('heading', { name: 'Today', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/today');
    const button = await workButton();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveClass('active');
    expect((await openWorkMenu()).getByRole('link', { name: 'Today' })).toHaveAttribute('aria-current', 'page');
  });

  test("keeps the spec's own links where they were: Manage Inventories, Add NewItem, My Item, Sign out", async () => {
    fakeApi(meRoute(passwordUser('manager@example.com', true)));
    renderApp('/about', passwordUser('manager@example.com', true));
    await workButton();
    for (const name of [SPEC_TEXTS.nav.manageInventories, SPEC_TEXTS.nav.addNewItem, SPEC_TEXTS.nav.myItem]) {
      expect(nav().getByRole('link', { name })).toBeInTheDocument();
    }
    expect(nav().getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    const work = await openWorkMenu();
    expect(work.queryByRole('link', { name: SPEC_TEXTS.nav.manageInventories })).toBeNull();
  });

  test('nobody off the team has one', async () => {
    const outsider = passwordUser('outsider@example.com', true);
    const { calls } = fakeApi(meRoute(outsider, { role: null }));
    renderApp('/about', outsider);
    await waitFor(() => expect(calls.map((call) => call.path)).toContain('/me'));
    await nav().findByRole('button', { name: 'Sign out' });
    expect(nav().queryByRole('button', { name: 'Work' })).toBeNull();
  });
});

describe('who is signed in', () => {
  test('the navbar shows the name and the role, and the name opens the account', async () => {
    fakeApi(meRoute(clerk, { role: 'clerk', name: 'Sam Staff' }));
    renderApp('/about', clerk);
    const name = await nav().findByRole('button', { name: 'Sam Staff' });
    expect(name).toHaveAccessibleDescription('clerk');
    expect(screen.getByTestId('signed-in-as')).toHaveTextContent('Sam Staffclerk');
    await userEvent.click(name);
    expect(await screen.findByRole('dialog', { name: 'Your account' })).toHaveTextContent(
      'Signed in as clerk@example.com, clerk.',
    );
  });

  test('someone off the team sees their email, with no role', async () => {
    const outsider = passwordUser('outsider@example.com', true);
    fakeApi(meRoute(outsider, { role: null }));
    renderApp('/about', outsider);
    await waitFor(() => expect(screen.getByTestId('signed-in-as')).toHaveTextContent(/^outsider@example\.com$/));
  });
});

describe('the footer', () => {
  test('a visitor gets the whole footer', async () => {
    fakeApi({ 'GET /inventory?limit=6': () => ({ body: [item()] }) });
    renderApp('/about');
    await screen.findByRole('link', { name: 'Sign in' });
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByRole('heading', { name: 'Contact' })).toBeInTheDocument();
    expect(footer.getByText(/This is not an e-commerce site/)).toBeInTheDocument();
  });

  test('signed in, one line: that this is not an e-commerce site', async () => {
    fakeApi({ ...meRoute(clerk, { role: 'clerk' }), 'GET /inventory?*': () => page([item()]) });
    renderApp('/about', clerk);
    await nav().findByRole('button', { name: 'Sign out' });
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent(
      "This is not an e-commerce site: nothing is sold here. It is the warehouse team's inventory tool.",
    );
    expect(within(footer).queryByRole('heading')).toBeNull();
    expect(within(footer).queryByRole('link')).toBeNull();
    expect(footer.querySelectorAll('p')).toHaveLength(1);
  });
});
