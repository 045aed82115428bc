import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/** The navbar's Work button (the team's pages), once its code has loaded. */
export const workButton = () => within(screen.getByRole('navigation')).findByRole('button', { name: 'Work' });

/** Opens the navbar's Work menu (if it is not open) and answers its list, to find its links in. */
export async function openWorkMenu() {
  const button = await workButton();
  if (button.getAttribute('aria-expanded') !== 'true') await userEvent.click(button);
  return within(document.getElementById(button.getAttribute('aria-controls')!)!);
}
