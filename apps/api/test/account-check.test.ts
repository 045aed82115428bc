import { ACCOUNT_GONE_MESSAGE, ACCOUNT_UNCHECKED_MESSAGE, createAccountCheck } from '../src/auth/account-check';
import type { AccountStatus } from '../src/auth/account-check';

/**
 * The account check behind every signed-in request (src/auth/account-check.ts). The lookup is the
 * boundary to the Auth service, so here it is a function the test answers; the real one runs in
 * account-gone-emulator.test.ts and production-sign-in.test.ts.
 */
function lookup(statuses: Record<string, AccountStatus | Error>) {
  const asked: string[] = [];
  const pending: (() => void)[] = [];
  return {
    asked,
    statuses,
    /** Holds answers until release() (to see concurrent requests share one lookup). */
    hold: false,
    release: () => pending.splice(0).forEach((go) => go()),
    statusOf(uid: string): Promise<AccountStatus> {
      asked.push(uid);
      const answer = () => {
        const status = statuses[uid] ?? 'deleted';
        return status instanceof Error ? Promise.reject(status) : Promise.resolve(status);
      };
      if (!this.hold) return answer();
      return new Promise<void>((resolve) => pending.push(resolve)).then(answer);
    },
  };
}

/** A clock the test moves by hand. */
function clock() {
  let t = 1_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

it('an active account passes; disabled and deleted ones get a 401 whose reason says which', async () => {
  const l = lookup({ ann: 'active', bob: 'disabled' });
  const check = createAccountCheck((uid) => l.statusOf(uid));
  await expect(check.assertActive('ann')).resolves.toBeUndefined();
  await expect(check.assertActive('bob')).rejects.toMatchObject({
    status: 401,
    code: 'unauthorized',
    message: ACCOUNT_GONE_MESSAGE,
    reason: 'account disabled',
  });
  await expect(check.assertActive('carl')).rejects.toMatchObject({ status: 401, reason: 'account deleted' });
});

it('believes an answer for its interval only: by default at most 30 s, so a change lands within a minute', async () => {
  const l = lookup({ ann: 'active' });
  const c = clock();
  const check = createAccountCheck((uid) => l.statusOf(uid), { clock: c });
  await check.assertActive('ann');
  c.advance(29_000);
  await check.assertActive('ann');
  expect(l.asked).toEqual(['ann']);

  l.statuses.ann = 'disabled';
  c.advance(1_001);
  await expect(check.assertActive('ann')).rejects.toMatchObject({ status: 401 });
  expect(l.asked).toEqual(['ann', 'ann']);
});

it('takes a shorter interval when given one', async () => {
  const l = lookup({ ann: 'active' });
  const c = clock();
  const check = createAccountCheck((uid) => l.statusOf(uid), { ttlMs: 100, clock: c });
  await check.assertActive('ann');
  c.advance(101);
  await check.assertActive('ann');
  expect(l.asked).toEqual(['ann', 'ann']);
  expect(() => createAccountCheck((uid) => l.statusOf(uid), { ttlMs: 0 })).toThrow(/at least 1 ms/);
});

it('concurrent requests of one user share one lookup', async () => {
  const l = lookup({ ann: 'active', bob: 'active' });
  l.hold = true;
  const check = createAccountCheck((uid) => l.statusOf(uid));
  const checks = [
    check.assertActive('ann'),
    check.assertActive('ann'),
    check.assertActive('bob'),
    check.assertActive('ann'),
  ];
  l.release();
  await new Promise((resolve) => setImmediate(resolve));
  l.release();
  await Promise.all(checks);
  expect(l.asked.sort()).toEqual(['ann', 'bob']);
});

it('a lookup that fails refuses with 503 and the reason, and is asked again next time (not cached)', async () => {
  const l = lookup({ ann: Object.assign(new Error('quota exceeded'), { code: 'auth/quota-exceeded' }) });
  const check = createAccountCheck((uid) => l.statusOf(uid));
  await expect(check.assertActive('ann')).rejects.toMatchObject({
    status: 503,
    message: ACCOUNT_UNCHECKED_MESSAGE,
    reason: 'account lookup failed: auth/quota-exceeded: quota exceeded',
  });
  l.statuses.ann = 'active';
  await expect(check.assertActive('ann')).resolves.toBeUndefined();
  expect(l.asked).toEqual(['ann', 'ann']);
});
