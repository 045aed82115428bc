import path from 'node:path';
import { type Browser, type Page, expect, test } from '@playwright/test';
import { ARTIFACTS_DIR } from '../paths';
import { fillDeliveryForm } from './helpers/deliveries';
import { findItemByName, itemName } from './helpers/items';
import { shot } from './helpers/screenshots';
import { E2E_OWNER } from './helpers/team';
import { newUser, signInViaUi, signOutViaUi, signUpViaUi, signedInVerifiedUser, verifyEmailOf } from './helpers/users';
import { openWorkMenu } from './helpers/work-menu';

/** A page of its own (its own localStorage and Firebase session): one person each. */
async function personPage(browser: Browser) {
  const context = await browser.newContext();
  return context.newPage();
}

/** The stock badge on the item page. */
const stock = (page: Page, quantity: number) => page.getByText(`Stock: ${quantity}`, { exact: true });

/**
 * A member's row on the Team page, by the email in its first cell, under their name once they have one (the
 * "Invited by" cell names the owner too).
 */
const memberRow = (page: Page, email: string) =>
  page.getByTestId('member-row').filter({ has: page.getByRole('rowheader').getByText(email, { exact: true }) });

/** A list's filter form, by its accessible name ("Filter the deliveries", "Filter the audit"). */
const filters = (page: Page, name: string) => page.getByRole('form', { name });

test.describe('the team', () => {
  test('the owner invites a clerk; the clerk restocks and delivers but cannot delete (403 when forced); a manager sees all deliveries; the audit shows every step; a demoted clerk is refused at once', async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const owner = await personPage(browser);
    const clerkPage = await personPage(browser);
    const manager = await personPage(browser);
    const clerk = newUser('clerk');

    // The owner (named by OWNER_EMAILS) signs in and invites a new email as a clerk on the Team page.
    await signInViaUi(owner, { ...E2E_OWNER, name: 'Owner' });
    await (await openWorkMenu(owner)).getByRole('link', { name: 'Team', exact: true }).click();
    await expect(owner).toHaveURL(/\/team$/);
    await expect(owner.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
    const ownerRow = memberRow(owner, E2E_OWNER.email);
    await expect(ownerRow).toContainText('Owner (set by the server administrator)');
    await expect(ownerRow.getByRole('button', { name: `Remove ${E2E_OWNER.email}` })).toHaveCount(0);
    await owner.getByLabel('Email', { exact: true }).fill(clerk.email);
    await owner.getByLabel('Role', { exact: true }).selectOption('clerk');
    await owner.getByLabel('Reason (optional)').fill('Runs the loading dock');
    await owner.getByRole('button', { name: 'Invite', exact: true }).click();
    await expect(owner.getByText(`${clerk.email} is invited as clerk`)).toBeVisible();
    // No SMTP_URL in the e2e run: the page says no email went out, and what to tell the person.
    await expect(owner.getByTestId('invite-how')).toContainText('Invitation emails are off on this server');
    await expect(owner.getByTestId('invite-next')).toContainText(
      `No email was sent. Tell ${clerk.email}: open ${new URL('/signup', owner.url()).href} and sign up with this exact email address: ${clerk.email}`,
    );
    const clerkRow = memberRow(owner, clerk.email);
    await expect(clerkRow).toHaveCount(1);
    await expect(clerkRow.getByRole('combobox', { name: `Role of ${clerk.email}` })).toHaveValue('clerk');
    await expect(clerkRow).toContainText(E2E_OWNER.email);
    await shot(owner, 'team');

    // The owner adds the item the test works on (deleted at the end: the scale spec counts every item).
    const name = itemName('E2E Team');
    await owner.goto('/addNewItem');
    await owner.getByLabel(/^Name/).fill(name);
    await owner.getByLabel(/^Supplier/).fill('E2E Supplies');
    await owner.getByLabel('Price ($)').fill('30');
    await owner.getByLabel('Quantity').fill('5');
    await owner.getByRole('button', { name: 'Add Item' }).click();
    await expect(owner.getByText('Successfully Addeded your item')).toBeVisible();
    const item = await findItemByName(request, name);

    // The invited email signs up, verifies and signs in: a clerk at once.
    await signUpViaUi(clerkPage, clerk);
    await verifyEmailOf(clerk);
    await signOutViaUi(clerkPage);
    await signInViaUi(clerkPage, clerk);
    const nav = clerkPage.getByRole('navigation');
    const work = await openWorkMenu(clerkPage);
    await expect(work.getByRole('link', { name: 'Deliveries', exact: true })).toBeVisible();
    await expect(work.getByRole('link', { name: 'Audit', exact: true })).toBeVisible();
    await expect(work.getByRole('link', { name: 'Team', exact: true })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Add NewItem' })).toHaveCount(0);

    // A restock of +3 with a note, on the item page; no Delete, no update form.
    await clerkPage.goto(`/inventory/${item._id}`);
    await expect(clerkPage.getByRole('heading', { name, level: 1 })).toBeVisible();
    const restock = clerkPage.locator('form').filter({ has: clerkPage.getByRole('button', { name: 'Change stock' }) });
    await expect(clerkPage.getByRole('heading', { name: 'Restock' })).toBeVisible();
    await expect(clerkPage.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
    await expect(clerkPage.getByRole('button', { name: 'Update Item' })).toHaveCount(0);
    await expect(
      clerkPage.getByText('Adding, editing and deleting items needs the manager role; you are a clerk.'),
    ).toBeVisible();
    const note = `Pallet from the dock ${Date.now().toString(36)}`;
    await restock.getByLabel('Amount').fill('3');
    await restock.getByLabel('Note (required to remove stock)').fill(note);
    await restock.getByRole('button', { name: 'Change stock' }).click();
    await expect(stock(clerkPage, 8)).toBeVisible();
    const history = clerkPage
      .locator('.card')
      .filter({ has: clerkPage.getByRole('heading', { name: 'Stock history' }) });
    const newestMove = history.getByTestId('history-row').first();
    await expect(newestMove).toContainText('+3');
    await expect(newestMove).toContainText(clerk.email);
    await expect(newestMove).toContainText(note);
    // The item's edits are the audit's, a manager's to read.
    await expect(clerkPage.getByRole('heading', { name: 'Edits' })).toHaveCount(0);
    await shot(clerkPage, 'team-clerk-item');

    // Manage Inventories: the list, without Delete or Add New Item; the add page is closed to a clerk.
    await clerkPage.goto(`/manageInventories?q=${encodeURIComponent(name)}`);
    const manageRow = clerkPage.getByTestId('manage-row').filter({ hasText: name });
    await expect(manageRow).toHaveCount(1);
    await expect(manageRow).toContainText('8');
    await expect(clerkPage.getByRole('button', { name: `Delete ${name}` })).toHaveCount(0);
    await expect(clerkPage.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
    await expect(clerkPage.getByRole('link', { name: 'Add New Item' })).toHaveCount(0);
    await clerkPage.goto('/addNewItem');
    await expect(clerkPage.getByRole('heading', { name: 'Not for your role' })).toBeVisible();
    await expect(clerkPage.getByText('This needs the manager role; you are a clerk.', { exact: false })).toBeVisible();

    // Forced: the clerk's own token on DELETE /api/inventory/:id is refused, naming the role needed.
    const forced = await clerkPage.evaluate(async (id) => {
      const response = await fetch(`/api/inventory/${id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${localStorage.getItem('accessToken') ?? ''}` },
      });
      return {
        status: response.status,
        body: (await response.json()) as { error?: { code: string; message: string } },
      };
    }, item._id);
    expect(forced.status).toBe(403);
    expect(forced.body.error).toMatchObject({
      code: 'forbidden',
      message: 'This needs the manager role; you are a clerk. Ask an owner of this warehouse.',
    });
    const still = await request.get(`/api/inventory/${item._id}`);
    expect(still.status()).toBe(200);
    expect(((await still.json()) as { quantity: number }).quantity).toBe(8);

    // The clerk records a delivery of 1.
    await clerkPage.goto(`/inventoryDetails/${item._id}`);
    await expect(clerkPage.getByLabel('Email')).toHaveValue(clerk.email);
    // The data folder is new each run: no other delivery goes to Clerk Lane.
    const address = `${(Date.now() % 900) + 100} Clerk Lane`;
    await fillDeliveryForm(clerkPage, { name: 'Dock Receiver', address, phone: '+1 555 0120', quantity: 1 });
    await clerkPage.getByRole('button', { name: 'Deliver' }).click();
    await expect(clerkPage.getByText('Your delevery is successfull').first()).toBeVisible();
    await expect(stock(clerkPage, 7)).toBeVisible();

    // A manager opens Deliveries: the clerk's delivery is there, and the filter by who delivered finds it alone.
    await signedInVerifiedUser(manager, 'manager');
    await (await openWorkMenu(manager)).getByRole('link', { name: 'Deliveries', exact: true }).click();
    await expect(manager).toHaveURL(/\/deliveries$/);
    const deliveryRows = manager.getByTestId('all-delivery-row');
    await expect(deliveryRows.filter({ hasText: address })).toHaveCount(1);
    const deliveryFilters = filters(manager, 'Filter the deliveries');
    await deliveryFilters.getByLabel('Delivered by').fill(clerk.email);
    await deliveryFilters.getByRole('button', { name: 'Apply' }).click();
    await expect(manager).toHaveURL(/[?&]email=/);
    await expect(deliveryRows).toHaveCount(1);
    await expect(deliveryRows).toContainText(name);
    await expect(deliveryRows).toContainText(address);
    await expect(deliveryRows).toContainText(clerk.email);
    await expect(manager.getByTestId('list-summary')).toHaveText(/of 1 deliver/);
    await expect(deliveryRows.getByRole('button', { name: `Cancel the delivery of ${name}` })).toBeVisible();
    await shot(manager, 'deliveries');

    // The owner's Audit, filtered by the clerk: their two writes, newest first, the note as the reason.
    await (await openWorkMenu(owner)).getByRole('link', { name: 'Audit', exact: true }).click();
    await expect(owner).toHaveURL(/\/audit$/);
    const auditFilters = filters(owner, 'Filter the audit');
    await auditFilters.getByLabel('Who').fill(clerk.email);
    await auditFilters.getByRole('button', { name: 'Apply' }).click();
    await expect(owner).toHaveURL(/[?&]actor=/);
    const auditRows = owner.getByTestId('audit-row');
    await expect(auditRows).toHaveCount(2);
    await expect(auditRows.nth(0)).toContainText('Delivered');
    await expect(auditRows.nth(0)).toContainText(name);
    await expect(auditRows.nth(0)).toContainText('quantity: 8 → 7');
    await expect(auditRows.nth(1)).toContainText('Stock added');
    await expect(auditRows.nth(1)).toContainText(name);
    await expect(auditRows.nth(1)).toContainText('quantity: 5 → 8');
    await expect(auditRows.nth(1)).toContainText(note);
    for (const row of await auditRows.all()) await expect(row).toContainText(clerk.email);
    await expect(owner.getByTestId('list-summary')).toHaveText(/of 2 entries/);
    await shot(owner, 'audit');

    // The team step, under the owner: the invitation, with its reason.
    await auditFilters.getByLabel('Who').fill(E2E_OWNER.email);
    await auditFilters.getByLabel('Action').selectOption({ label: 'Member invited' });
    await auditFilters.getByRole('button', { name: 'Apply' }).click();
    await expect(owner).toHaveURL(/[?&]action=member\.add/);
    const invited = auditRows.filter({ hasText: clerk.email });
    await expect(invited).toHaveCount(1);
    await expect(invited).toContainText('Member invited');
    await expect(invited).toContainText(E2E_OWNER.email);
    await expect(invited).toContainText('role: — → clerk');
    await expect(invited).toContainText('Runs the loading dock');
    await shot(owner, 'audit-team');

    // The clerk has the item page open (its Restock form) while the owner demotes them to viewer.
    await clerkPage.goto(`/inventory/${item._id}`);
    await expect(stock(clerkPage, 7)).toBeVisible();
    await expect(restock.getByLabel('Amount')).toBeVisible();
    await owner.goto('/team');
    await owner.getByRole('combobox', { name: `Role of ${clerk.email}` }).selectOption('viewer');
    const dialog = owner.getByRole('dialog');
    await expect(dialog).toContainText(`${clerk.email} becomes viewer`);
    await dialog.getByLabel('Reason (optional)').fill('Moved to the front desk');
    await dialog.getByRole('button', { name: 'Change role' }).click();
    await expect(owner.getByText(`${clerk.email} is now viewer`)).toBeVisible();
    await expect(owner.getByRole('combobox', { name: `Role of ${clerk.email}` })).toHaveValue('viewer');

    // The clerk's next restock, from the page still open and without a new sign-in: the API refuses it
    // (the page learns the role from /me, which it has not asked again), and the page shows the API's words.
    const refused = clerkPage.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith(`/inventory/${item._id}/stock`),
    );
    await restock.getByLabel('Amount').fill('2');
    await restock.getByRole('button', { name: 'Change stock' }).click();
    expect((await refused).status()).toBe(403);
    // Said above the form's button and in a toast, whichever shows first (the toast's library may be loaded already).
    await expect(
      clerkPage.getByText('This needs the clerk role; you are a viewer.', { exact: false }).first(),
    ).toBeVisible();
    await shot(clerkPage, 'team-demoted-refused');
    // The refusal is a toast, which a full-page shot leaves out: the screen as the clerk sees it.
    await clerkPage.screenshot({
      path: path.join(ARTIFACTS_DIR, 'team-demoted-refused-toast-1280.png'),
      animations: 'disabled',
    });
    await expect(stock(clerkPage, 7)).toBeVisible();
    expect(((await (await request.get(`/api/inventory/${item._id}`)).json()) as { quantity: number }).quantity).toBe(7);
    // Opened afresh, the page asks /me again: a viewer gets no Restock form and no Delevered.
    await clerkPage.reload();
    await expect(clerkPage.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(clerkPage.getByRole('heading', { name: 'Stock history' })).toBeVisible();
    await expect(clerkPage.getByRole('heading', { name: 'Restock' })).toHaveCount(0);
    await expect(clerkPage.getByRole('button', { name: 'Delevered' })).toHaveCount(0);

    // The refused write left no entry; the role change is there, under the owner.
    await owner.goto(`/audit?actor=${encodeURIComponent(clerk.email)}`);
    await expect(auditRows).toHaveCount(2);
    await owner.goto(`/audit?action=member.role`);
    const demoted = auditRows.filter({ hasText: clerk.email }).first();
    await expect(demoted).toContainText('Role changed');
    await expect(demoted).toContainText('clerk → viewer');
    await expect(demoted).toContainText('Moved to the front desk');

    // Leave the warehouse as it was: the owner deletes the item.
    await owner.goto(`/inventory/${item._id}`);
    await owner.getByRole('button', { name: 'Delete', exact: true }).click();
    await owner.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(owner).toHaveURL(/\/inventory$/);
    expect((await request.get(`/api/inventory/${item._id}`)).status()).toBe(404);

    for (const page of [owner, clerkPage, manager]) await page.context().close();
  });
});
