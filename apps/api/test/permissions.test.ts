import { MAIN_LOCATION_ID } from '@smart-zone/types/location';
import request from 'supertest';
import { can, type Permission, PERMISSIONS, ROLES, type Role } from '@smart-zone/types/roles';
import { SYSTEM_ACTOR } from '@smart-zone/types/item';
import { expressRoutes } from './helpers/express-routes';
import { makeTestApp, sampleItem, type TestApp } from './helpers/test-app';

/**
 * Every role × every route, generated from the one permission table
 * (packages/types/src/roles.ts) and the app's own routes: the real Express
 * routes are walked, each must be declared (the document's `x-access`), and
 * each route behind a permission answers 403 to exactly the roles below it.
 * A route added without a declaration, or a write left open, fails here.
 */

const OWNER = 'owner@shop.com';
const emailOf = (role: Role) => (role === 'owner' ? OWNER : `${role}@shop.com`);
const OUTSIDER = 'eve@gmail.com';

interface Operation {
  method: string;
  /** Express syntax, under /api. */
  path: string;
  operationId: string;
  access: string;
  hasBody: boolean;
}

/** The routes Express really answers under /api: method and whole path. */
function realApiRoutes(app: TestApp['app']): string[] {
  return expressRoutes(app)
    .filter((route) => route.split(' ')[1]!.startsWith('/api/'))
    .sort();
}

/** The operations the app declares, as its own document lists them. */
async function declaredOperations(app: TestApp['app']): Promise<Operation[]> {
  const doc = (await request(app).get('/api/openapi.json')).body as {
    paths: Record<string, Record<string, { operationId: string; 'x-access': string; requestBody?: unknown }>>;
  };
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method,
      path: `/api${path.replace(/\{(\w+)\}/g, ':$1')}`,
      operationId: operation.operationId,
      access: operation['x-access'],
      hasBody: operation.requestBody !== undefined,
    })),
  );
}

let locations = 0;
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** A valid body for each route that takes one: an allowed caller must get past validation to a real answer. */
const BODIES: Record<string, (ctx: { itemId: string; email: string }) => object | string | Buffer> = {
  // An image (image/png, a 1 × 1 PNG), not JSON.
  setItemPhoto: () => ONE_PIXEL_PNG,
  // A CSV file (text/csv), not JSON.
  importItems: () => 'name,supplier,price,quantity\r\nPerm check,Acme,1,1\r\n',
  createItem: () => ({ ...sampleItem, name: 'Perm check' }),
  updateItem: () => ({ ...sampleItem, price: 5 }),
  changeStock: () => ({ delta: -1, note: 'counted again' }),
  createDelivery: ({ itemId, email }) => ({ email, inventoriesId: itemId, address: '1 Road', phone: '555 0100' }),
  inviteMember: () => ({ email: 'new@shop.com', role: 'viewer' }),
  changeMemberRole: () => ({ role: 'viewer' }),
  // A name of its own each time: the same name twice under Main is refused (409).
  createLocation: () => ({ name: `Perm check ${(locations += 1)}` }),
  changeLocation: () => ({ name: 'Perm check' }),
  // One unit from Main to a shelf made before the calls (an unknown `to` would be a 400).
  transferStock: () => ({ from: MAIN_LOCATION_ID, to: shelf, quantity: 1 }),
  transferMany: ({ itemId }) => ({ to: shelf, lines: [{ itemId, from: MAIN_LOCATION_ID, quantity: 1 }] }),
  setItemDefaultLocation: () => ({ locationId: shelf }),
  // Count routes whose :id is the item's: a 404 (no such count) past the guard.
  openCount: () => ({ name: 'Perm check' }),
  setCountLine: () => ({ counted: 1 }),
  addToCountLine: () => ({ units: 1 }),
  applyCount: () => ({}),
  readCountSheet: ({ itemId }) => `itemId,counted\r\n${itemId},1\r\n`,
  setMyName: () => ({ name: 'Perm check' }),
};
let shelf = '';

let t: TestApp;
let operations: Operation[];
const tokens = new Map<string, string>();

beforeAll(async () => {
  t = await makeTestApp({ ownerEmails: [OWNER] });
  await t.store.team.ensureOwners([OWNER]);
  const made = await t.store.locations.create({ name: 'Perm shelf' }, SYSTEM_ACTOR);
  if (!made.ok) throw new Error('setup location failed');
  shelf = made.location._id;
  for (const role of ROLES.filter((role) => role !== 'owner')) {
    await t.store.team.add({ email: emailOf(role), role }, SYSTEM_ACTOR);
  }
  for (const role of ROLES) tokens.set(role, await t.tokenFor(emailOf(role)));
  tokens.set('outsider', await t.tokenFor(OUTSIDER));
  tokens.set('unverified', await t.tokenFor(emailOf('manager'), { verified: false }));
  operations = await declaredOperations(t.app);
});
afterAll(() => t.close());

describe('every route is declared, with its access', () => {
  it('the routes Express answers under /api are exactly the declared ones', () => {
    const declared = operations.map(({ method, path }) => `${method} ${path}`).sort();
    expect(realApiRoutes(t.app)).toEqual(declared);
  });

  it('every route names an access, and every write a permission of the table (POST /login checks its own token)', () => {
    const open = ['public', 'idToken', 'signedIn', 'verified'];
    for (const operation of operations) {
      expect([operation.operationId, open.includes(operation.access) || operation.access in PERMISSIONS]).toEqual([
        operation.operationId,
        true,
      ]);
      if (operation.method !== 'get' && operation.operationId !== 'login') {
        expect([operation.operationId, operation.access in PERMISSIONS]).toEqual([operation.operationId, true]);
      }
    }
  });

  it('every route behind a permission that takes a body has a valid sample body here', () => {
    const missing = operations.filter((o) => o.access in PERMISSIONS && o.hasBody && !BODIES[o.operationId]);
    expect(missing.map((o) => o.operationId)).toEqual([]);
  });
});

/** The request for one operation as `caller`, on fresh data it may change. */
async function call(operation: Operation, caller: string) {
  const itemId = await t.addItem({ quantity: 50 });
  const email = ROLES.includes(caller as Role) ? emailOf(caller as Role) : OUTSIDER;
  const delivery = await t.store.deliveries.create({
    owner: { uid: `uid-${email}`, email },
    name: '',
    inventoriesId: itemId,
    address: '1 Road',
    phone: '555',
    quantity: 1,
  });
  if (!delivery.ok) throw new Error('setup delivery failed');
  const path = operation.path
    .replace(':id', operation.path.startsWith('/api/myitem') ? delivery.delivery._id : itemId)
    .replace(':itemId', itemId)
    .replace(':email', 'someone@shop.com');
  const query =
    operation.method === 'delete'
      ? '?reason=checking%20permissions'
      : operation.operationId === 'printLabels'
        ? `?ids=${itemId}`
        : '';
  const method = operation.method as 'get' | 'post' | 'put' | 'patch' | 'delete';
  let req = request(t.app)[method](path + query);
  const token = tokens.get(caller);
  if (token) req = req.set('Authorization', `Bearer ${token}`);
  if (operation.hasBody) {
    const body = BODIES[operation.operationId]!({ itemId, email });
    if (Buffer.isBuffer(body)) req = req.set('Content-Type', 'image/png').send(body);
    else req = typeof body === 'string' ? req.set('Content-Type', 'text/csv').send(body) : req.send(body);
  }
  return req;
}

const CALLERS = ['signed out', 'unverified', 'outsider', ...ROLES] as const;
/** A refusal a route answers past its guard on this test's data: clearing the demo of a store people wrote to. */
const PAST_THE_GUARD: Record<string, number[]> = { clearDemoData: [409] };
const guarded = () => operations.filter((o) => o.access in PERMISSIONS);

describe.each(Object.keys(PERMISSIONS) as Permission[])('permission %s', (permission) => {
  it.each(CALLERS)(`every route behind it, called by: %s`, async (caller) => {
    const routes = guarded().filter((o) => o.access === permission);
    for (const operation of routes) {
      const res = await call(operation, caller);
      const label = `${caller} ${operation.method.toUpperCase()} ${operation.path}`;
      const role = ROLES.includes(caller as Role) ? (caller as Role) : null;
      if (caller === 'signed out') expect([label, res.status]).toEqual([label, 401]);
      else if (!can(role, permission)) {
        expect([label, res.status]).toEqual([label, 403]);
        const message = (res.body as { error: { message: string } }).error.message;
        if (caller !== 'unverified') expect(message).toContain(`needs the ${PERMISSIONS[permission]} role`);
      } else {
        const allowed = [200, 201, 404, ...(PAST_THE_GUARD[operation.operationId] ?? [])];
        expect([label, allowed.includes(res.status) ? 'allowed' : res.status]).toEqual([label, 'allowed']);
      }
    }
  });
});

/** Permissions a handler checks inside a route that a lower one guards. */
const IN_HANDLER: Permission[] = ['readAudit'];

describe('permissions checked inside a handler', () => {
  it('are exactly those that guard no route of their own', () => {
    const guarding = new Set(guarded().map((o) => o.access));
    expect((Object.keys(PERMISSIONS) as Permission[]).filter((p) => !guarding.has(p))).toEqual(IN_HANDLER);
  });

  it.each(ROLES)(
    "someone else's delivery: DELETE /myitem/:id is 404 for %s (My Item is one's own); DELETE /deliveries/:id cancels it with cancelAnyDelivery",
    async (role) => {
      const itemId = await t.addItem({ quantity: 5 });
      const made = await t.store.deliveries.create({
        owner: { uid: 'uid-other@shop.com', email: 'other@shop.com' },
        name: '',
        inventoriesId: itemId,
        address: '1 Road',
        phone: '555',
        quantity: 2,
      });
      if (!made.ok) throw new Error('setup delivery failed');
      const bearer = `Bearer ${tokens.get(role)}`;
      const mine = await request(t.app)
        .delete(`/api/myitem/${made.delivery._id}?reason=wrong%20address`)
        .set('Authorization', bearer);
      expect(mine.status).toBe(can(role, 'deliver') ? 404 : 403);
      expect((await t.store.items.get(itemId))?.quantity).toBe(3);
      const any = await request(t.app)
        .delete(`/api/deliveries/${made.delivery._id}?reason=wrong%20address`)
        .set('Authorization', bearer);
      expect(any.status).toBe(can(role, 'cancelAnyDelivery') ? 200 : 403);
      expect((await t.store.items.get(itemId))?.quantity).toBe(can(role, 'cancelAnyDelivery') ? 5 : 3);
    },
  );

  it.each(ROLES)('readAudit: %s reads the whole audit only with it (else only their own entries)', async (role) => {
    // Newest first: an entry by someone else among the newest, whatever the tests before wrote.
    await t.addItem({ quantity: 1 });
    await t.store.team.add({ email: `audit-${role}@shop.com`, role: 'viewer' }, { uid: 'uid-owner', email: OWNER });
    const res = await request(t.app)
      .get('/api/audit?limit=200')
      .set('Authorization', `Bearer ${tokens.get(role)}`);
    expect(res.status).toBe(200);
    const actors = new Set((res.body as { actor: { email: string } }[]).map((entry) => entry.actor.email));
    if (can(role, 'readAudit')) expect(actors.size).toBeGreaterThan(1);
    else expect([...actors].every((email) => email === emailOf(role))).toBe(true);
    const others = await request(t.app)
      .get(`/api/audit?actor=${encodeURIComponent(OWNER)}`)
      .set('Authorization', `Bearer ${tokens.get(role)}`);
    expect(others.status).toBe(can(role, 'readAudit') || role === 'owner' ? 200 : 403);
  });
});
