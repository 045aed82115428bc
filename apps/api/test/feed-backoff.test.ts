import { reopenDelay } from '../src/store/mongo/mongo-feed';

/**
 * The MongoDB change feed's reopening after an error other than 286 (mongo-feed.ts): capped exponential
 * backoff with jitter in its upper half. A pure function: runs in every project (the stream itself under
 * fail points is test/mongo-edges.mongo.test.ts's).
 */
describe('the change feed’s reopening delay', () => {
  it('doubles with each failure in a row from 0.5–1 s, up to 30–60 s, never past it', () => {
    const low = () => 0;
    const high = () => 1;
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((failures) => reopenDelay(failures, low))).toEqual([
      500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
    expect([1, 2, 3, 7, 100, 10_000].map((failures) => reopenDelay(failures, high))).toEqual([
      1000, 2000, 4000, 60_000, 60_000, 60_000,
    ]);
  });

  it('spreads instances that failed together over the upper half of the wait', () => {
    const delays = new Set(Array.from({ length: 50 }, () => reopenDelay(4)));
    expect(delays.size).toBeGreaterThan(1);
    for (const delay of delays) {
      expect(delay).toBeGreaterThanOrEqual(4000);
      expect(delay).toBeLessThanOrEqual(8000);
    }
  });
});
