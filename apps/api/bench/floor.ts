/**
 * The floor: a bare Express 5 app (the API's own express) answering the
 * real API's JSON from memory. What the API can at best reach with Express
 * in the way; the bench reports each read as a ratio of this.
 * argv[2]: a JSON file { [path and query]: body } fetched from the API.
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { Listening } from './protocol';

const bodies = new Map(
  Object.entries(JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as Record<string, unknown>),
);

const app = express();
// The API's routes, so routing costs what it costs there; res.json
// serializes on every request, as any Express route answering JSON does.
const answer: express.RequestHandler = (req, res) => {
  const body = bodies.get(req.originalUrl);
  if (body === undefined) res.status(404).end();
  else res.json(body);
};
app.get('/api/inventory/:id', answer);
app.get('/api/inventory', answer);
// Issue 20's and 31's staff reads (the audit, every delivery, an item's history): the floor checks no token, so the ratio is what auth, roles and the query cost.
app.get('/api/inventory/:id/history', answer);
app.get('/api/audit', answer);
app.get('/api/deliveries', answer);
// Issue 34: the locations' search, a staff read too.
app.get('/api/locations', answer);
app.get('/api/locations/:id/items', answer);

const server = app.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port } satisfies Listening);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
