/* global db, rs, sleep, quit, print */
// Run by the mongo-init service (docker-compose.yml) with mongosh on every
// `docker compose up`, connected to the mongo service without a user. Idempotent:
//   1. signs in as the root user from .env;
//   2. initiates the one-member replica set rs0 the first time;
//   3. waits until that member is primary (writable);
//   4. creates the app's user, or brings its password and role in line with .env.
// The app signs in as that user, never as root. Its role is readWrite on the
// app's database plus collMod there (the app sets its collections' validators at
// start, which readWrite does not allow), and nothing on any other database.

/** The value of an environment variable compose sets; a missing one stops the init, naming it. */
function setting(name) {
  const value = process.env[name];
  if (!value) {
    print(`mongo-init: ${name} is not set`);
    quit(2);
  }
  return value;
}

const PRIMARY_WITHIN_MS = 60_000;
const ROLE = 'smartZoneApp';

const dbName = setting('MONGODB_DB');
const appUser = setting('MONGO_APP_USERNAME');
const rootUser = setting('MONGO_ROOT_USERNAME');
if (appUser === rootUser) {
  print('mongo-init: MONGO_APP_USERNAME must differ from MONGO_ROOT_USERNAME (the app never signs in as root)');
  quit(2);
}

db.getSiblingDB('admin').auth(rootUser, setting('MONGO_ROOT_PASSWORD'));

try {
  rs.status();
} catch (error) {
  if (error.codeName !== 'NotYetInitialized') throw error;
  rs.initiate({ _id: 'rs0', members: [{ _id: 0, host: 'mongo:27017' }] });
  print('mongo-init: replica set rs0 initiated');
}

const deadline = Date.now() + PRIMARY_WITHIN_MS;
while (!db.hello().isWritablePrimary) {
  if (Date.now() > deadline) {
    print(`mongo-init: rs0 has no primary after ${PRIMARY_WITHIN_MS / 1000} s; see \`docker compose logs mongo\``);
    quit(1);
  }
  sleep(500);
}

const appDb = db.getSiblingDB(dbName);
const role = {
  privileges: [{ resource: { db: dbName, collection: '' }, actions: ['collMod'] }],
  roles: [{ role: 'readWrite', db: dbName }],
};
if (appDb.getRole(ROLE)) appDb.updateRole(ROLE, role);
else appDb.createRole({ role: ROLE, ...role });

const user = { pwd: setting('MONGO_APP_PASSWORD'), roles: [{ role: ROLE, db: dbName }] };
const existed = appDb.getUser(appUser) !== null;
if (existed) appDb.updateUser(appUser, user);
else appDb.createUser({ user: appUser, ...user });

print(
  `mongo-init: rs0 primary; user ${appUser}@${dbName} ${existed ? 'up to date' : 'created'} ` +
    `(readWrite and collMod on ${dbName} only)`,
);
