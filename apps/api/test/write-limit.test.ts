import express from 'express';
import { rateLimit } from 'express-rate-limit';
import request from 'supertest';
import { writeLimit } from '../src/auth/write-limit';

/**
 * The guards' write budget (auth/write-limit.ts) answers what express-rate-limit, which it replaced, answered
 * with the guards' settings: the same statuses and the same RateLimit, RateLimit-Policy and Retry-After headers.
 */
const LIMIT = 3;
const ours = writeLimit({ limit: LIMIT, windowMs: 60_000 });
afterAll(() => ours.close());

function apps() {
  const key = (req: express.Request) => String(req.headers['x-user']);
  const theirs = express().use(
    rateLimit({
      windowMs: 60_000,
      limit: LIMIT,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      keyGenerator: key,
      handler: (_req, res) => void res.status(429).send('limited'),
    }),
    (_req, res) => void res.send('ok'),
  );
  const mine = express().use((req, res) => {
    if (ours.hit(key(req), res).ok) res.send('ok');
    else res.status(429).send('limited');
  });
  return { theirs, mine };
}

const HEADERS = ['ratelimit', 'ratelimit-policy', 'retry-after', 'x-ratelimit-limit'];

it('counts, refuses and names its budget as express-rate-limit does, per key', async () => {
  const { theirs, mine } = apps();
  for (const user of ['ann', 'bob', 'ann', 'ann', 'ann', 'ann', 'bob', 'bob', 'bob', 'cy']) {
    const [a, b] = await Promise.all([
      request(theirs).post('/').set('x-user', user),
      request(mine).post('/').set('x-user', user),
    ]);
    expect({ status: b.status, ...pick(b.headers) }).toEqual({ status: a.status, ...pick(a.headers) });
  }
});

it('starts a key again once its window has ended', () => {
  const limited = writeLimit({ limit: 1, windowMs: 1_000 });
  try {
    const res = () => ({ headersSent: false, setHeader: jest.fn() }) as unknown as express.Response;
    const now = jest.spyOn(Date, 'now').mockReturnValue(10_000);
    expect(limited.hit('ann', res()).ok).toBe(true);
    expect(limited.hit('ann', res())).toEqual({ ok: false, retryAfterSeconds: 1 });
    now.mockReturnValue(11_000);
    expect(limited.hit('ann', res()).ok).toBe(true);
    now.mockRestore();
  } finally {
    limited.close();
  }
});

const pick = (headers: Record<string, string>) => Object.fromEntries(HEADERS.map((name) => [name, headers[name]]));
