import { expect, test } from '@playwright/test';
import { deliverFromInventory } from './helpers/deliveries';
import { signedInVerifiedUser } from './helpers/users';

test("two users: neither sees nor cancels the other's deliveries", async ({ browser }) => {
  test.setTimeout(120_000);
  const aliceContext = await browser.newContext();
  const bobContext = await browser.newContext();
  const alice = await aliceContext.newPage();
  const bob = await bobContext.newPage();
  await signedInVerifiedUser(alice, 'alice');
  await signedInVerifiedUser(bob, 'bob');

  // Alice delivers one of the first item.
  await deliverFromInventory(alice, 0, { name: 'Alice Receiver', address: '7 Alice Street', phone: '555 0107' });
  await expect(alice.getByText('Your delevery is successfull')).toBeVisible();

  await alice.getByRole('link', { name: 'My Item' }).click();
  await expect(alice.getByTestId('delivery-row')).toHaveCount(1);
  await expect(alice.getByTestId('delivery-row')).toContainText('7 Alice Street');

  // Bob sees none of it, and has nothing to cancel.
  await bob.getByRole('link', { name: 'My Item' }).click();
  await expect(bob.getByTestId('delivery-count')).toHaveText('0');
  await expect(bob.getByTestId('delivery-row')).toHaveCount(0);
  await expect(bob.getByText('7 Alice Street')).toHaveCount(0);

  // Bob delivers too; each still sees only their own.
  await deliverFromInventory(bob, 1, { name: 'Bob Receiver', address: '9 Bob Avenue', phone: '555 0109' });
  await expect(bob.getByText('Your delevery is successfull')).toBeVisible();
  await bob.getByRole('link', { name: 'My Item' }).click();
  await expect(bob.getByTestId('delivery-row')).toHaveCount(1);
  await expect(bob.getByTestId('delivery-row')).toContainText('9 Bob Avenue');

  await alice.reload();
  await expect(alice.getByTestId('delivery-row')).toHaveCount(1);
  await expect(alice.getByText('9 Bob Avenue')).toHaveCount(0);

  // Bob cancels his; Alice's is untouched.
  await bob.getByRole('button', { name: /Cancel the delivery/ }).click();
  await bob.getByRole('button', { name: 'Cancel delivery' }).click();
  // It stays listed, as Cancelled, with who cancelled it; the count is of the deliveries that stand.
  await expect(bob.getByTestId('delivery-row')).toHaveAttribute('data-state', 'cancelled');
  await expect(bob.getByTestId('delivery-row')).toContainText('Cancelled');
  await expect(bob.getByTestId('delivery-count')).toHaveText('0');
  await alice.reload();
  await expect(alice.getByTestId('delivery-row')).toHaveCount(1);

  await aliceContext.close();
  await bobContext.close();
});
