import { render, screen } from '@testing-library/react';
import { When } from '../components/When';
import { formatFullWhen, formatWhen } from '../lib/when';

// A fixed clock: Thursday 26 November 2026, 9:30 in the machine's own time zone (the tests' dates are local too).
const NOW = new Date(2026, 10, 26, 9, 30);
const iso = (...parts: [number, number, number, number?, number?]) => new Date(...parts).toISOString();

beforeEach(() => {
  jest.useFakeTimers({ now: NOW });
});
afterEach(() => {
  jest.useRealTimers();
});

describe.each([
  ['en-US', { today: 'today 7:55 AM', yesterday: 'yesterday 6:02 PM', thisYear: 'Nov 24', before: 'Nov 24, 2025' }],
  ['en-GB', { today: 'today 07:55', yesterday: 'yesterday 18:02', thisYear: '24 Nov', before: '24 Nov 2025' }],
])('in %s', (locale, shown) => {
  test('today and yesterday with the time, the locale’s own way', () => {
    expect(formatWhen(iso(2026, 10, 26, 7, 55), locale)).toBe(shown.today);
    expect(formatWhen(iso(2026, 10, 26, 0, 0), locale)).toMatch(/^today /);
    expect(formatWhen(iso(2026, 10, 25, 18, 2), locale)).toBe(shown.yesterday);
    expect(formatWhen(iso(2026, 10, 25, 0, 0), locale)).toMatch(/^yesterday /);
  });

  test('earlier this year the day; another year the day and the year', () => {
    expect(formatWhen(iso(2026, 10, 24, 23, 59), locale)).toBe(shown.thisYear);
    expect(formatWhen(iso(2025, 10, 24, 12, 0), locale)).toBe(shown.before);
  });
});

test('yesterday across a month and a year', () => {
  jest.setSystemTime(new Date(2027, 0, 1, 0, 5));
  expect(formatWhen(iso(2026, 11, 31, 23, 50), 'en-US')).toBe('yesterday 11:50 PM');
  expect(formatWhen(iso(2026, 11, 30, 23, 50), 'en-US')).toBe('Dec 30, 2026');
  jest.setSystemTime(new Date(2026, 2, 1, 8, 0));
  expect(formatWhen(iso(2026, 1, 28, 8, 0), 'en-US')).toBe('yesterday 8:00 AM');
});

test('the full moment, to the second', () => {
  expect(formatFullWhen(iso(2026, 10, 24, 7, 55), 'en-US')).toBe('Tuesday, November 24, 2026 at 7:55:00 AM');
});

test('a text that is not a date stays as it is', () => {
  expect(formatWhen('not a date')).toBe('not a date');
  expect(formatFullWhen('not a date')).toBe('not a date');
});

test('<When> shows the short form in a <time>, the full one on hover, on one line', () => {
  const at = iso(2026, 10, 26, 7, 55);
  render(<When at={at} />);
  const time = screen.getByText(formatWhen(at));
  expect(time.tagName).toBe('TIME');
  expect(time).toHaveAttribute('dateTime', at);
  expect(time).toHaveAttribute('title', formatFullWhen(at));
  expect(time).toHaveClass('text-nowrap');
});
