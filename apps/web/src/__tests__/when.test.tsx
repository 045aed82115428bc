import { render, screen } from '@testing-library/react';
import { When } from '../components/When';
import { formatFullWhen, formatLongDay, formatUtcDay, formatWhen } from '../lib/when';

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

test('en-US is written by hand exactly as Intl writes it (no ICU set-up on a page showing dates)', () => {
  const intl = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', options);
  const full = intl({ dateStyle: 'full', timeStyle: 'medium' });
  const longDay = intl({ weekday: 'long', month: 'long', day: 'numeric' });
  const time = intl({ timeStyle: 'short' });
  const day = intl({ month: 'short', day: 'numeric' });
  const dayOfYear = intl({ month: 'short', day: 'numeric', year: 'numeric' });
  // Every hour of a year's first and last days (midnight and noon among them), and a day in every month of 2025.
  const moments = [
    ...Array.from({ length: 24 }, (_, hour) => new Date(2026, 0, 1, hour, hour * 2, hour)),
    ...Array.from({ length: 24 }, (_, hour) => new Date(2025, 11, 31, hour, 59, 59)),
    ...Array.from({ length: 12 }, (_, month) => new Date(2025, month, 9 + month, 12, 5, 7)),
    new Date(1999, 1, 28, 0, 0, 0),
  ];
  for (const moment of moments) {
    expect(formatFullWhen(moment, 'en-US')).toBe(full.format(moment));
    expect(formatLongDay(moment, 'en-US')).toBe(longDay.format(moment));
    // Today: its time.
    jest.setSystemTime(moment);
    expect(formatWhen(moment, 'en-US')).toBe(`today ${time.format(moment)}`);
  }
  jest.setSystemTime(NOW);
  expect(formatWhen(new Date(2026, 0, 5, 8), 'en-US')).toBe(day.format(new Date(2026, 0, 5, 8)));
  expect(formatWhen(new Date(2024, 6, 4, 8), 'en-US')).toBe(dayOfYear.format(new Date(2024, 6, 4, 8)));
  // A UTC day (the dashboard's): its own day wherever the clock is.
  const utcDay = intl({ month: 'short', day: 'numeric', timeZone: 'UTC' });
  for (const at of [Date.UTC(2026, 0, 1), Date.UTC(2025, 11, 31, 23, 59), Date.UTC(2026, 10, 3, 12)]) {
    expect(formatUtcDay(at, 'en-US')).toBe(utcDay.format(at));
  }
  expect(formatUtcDay(Date.UTC(2026, 10, 3), 'en-GB')).toBe('3 Nov');
  // The browser's own locale (jsdom's is en-US) takes the same path.
  expect(formatLongDay(new Date(2026, 10, 28))).toBe('Saturday, November 28');
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
