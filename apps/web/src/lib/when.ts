/** How a moment is written: each of the app's forms of it. */
type Formatters = Record<'time' | 'day' | 'dayOfYear' | 'full' | 'longDay', { format(date: Date): string }>;

/** Each locale's formatters, made once (`undefined`: the browser's locale). */
const formatters = new Map<string | undefined, Formatters>();

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const twoDigits = (value: number) => String(value).padStart(2, '0');
const clock = (date: Date, seconds: boolean) =>
  `${date.getHours() % 12 || 12}:${twoDigits(date.getMinutes())}${seconds ? `:${twoDigits(date.getSeconds())}` : ''} ${
    date.getHours() < 12 ? 'AM' : 'PM'
  }`;
/** "Nov 24" (`short`) or "November 24" of a month (0–11) and a day. */
const monthDay = (month: number, day: number, short = true) =>
  `${MONTHS[month]!.slice(0, short ? 3 : undefined)} ${day}`;

/**
 * en-US (the locale the app's own English is written for) written by hand, as Intl writes it: a
 * page's first Intl formatter costs the browser its ICU set-up (~60 ms here, ~240 ms on a 4× slower phone,
 * numbers.ts), on the first paint of every page that shows a date. The tests hold these to Intl's own answers;
 * a year Intl would write differently (before 1000, after 9999) goes to Intl.
 */
const EN_US: Formatters = {
  time: { format: (date) => clock(date, false) },
  day: { format: (date) => monthDay(date.getMonth(), date.getDate()) },
  dayOfYear: { format: (date) => `${monthDay(date.getMonth(), date.getDate())}, ${date.getFullYear()}` },
  full: {
    format: (date) =>
      `${WEEKDAYS[date.getDay()]}, ${monthDay(date.getMonth(), date.getDate(), false)}, ${date.getFullYear()} at ${clock(date, true)}`,
  },
  longDay: { format: (date) => `${WEEKDAYS[date.getDay()]}, ${monthDay(date.getMonth(), date.getDate(), false)}` },
};

function intlFormatters(locale: string | undefined): Formatters {
  return {
    /** "7:55 AM", "07:55": the locale's own short time. */
    time: new Intl.DateTimeFormat(locale, { timeStyle: 'short' }),
    /** "Nov 24", "24 Nov". */
    day: new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' }),
    /** "Nov 24, 2025". */
    dayOfYear: new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric' }),
    /** "Monday, November 24, 2025 at 7:55:22 AM". */
    full: new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'medium' }),
    /** "Monday, November 24": a day's name, for a page about today. */
    longDay: new Intl.DateTimeFormat(locale, { weekday: 'long', month: 'long', day: 'numeric' }),
  };
}

/** The browser's language when no locale is given (what Intl's own default follows). */
const browserLocale = () => (typeof navigator === 'undefined' ? undefined : navigator.language);

/** Whether a date of `year` in `locale` is written by hand (EN_US): en-US, a four-digit year. */
const byHand = (locale: string | undefined, year: number) =>
  (locale ?? browserLocale()) === 'en-US' && year >= 1000 && year <= 9999;

/** `locale`'s formatters for `date`: by hand for en-US (four-digit years), Intl's otherwise. */
function formattersOf(locale: string | undefined, date: Date): Formatters {
  if (byHand(locale, date.getFullYear())) return EN_US;
  let made = formatters.get(locale);
  if (!made) formatters.set(locale, (made = intlFormatters(locale)));
  return made;
}

const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/**
 * The one way a moment is shown to people, short, in their own time zone and
 * locale: "today 7:55 AM", "yesterday 6:02 PM", "Nov 24" this year, "Nov 24,
 * 2025" before. Full on hover: formatFullWhen, both through <When>. `locale`
 * is for tests; a text that is not a date comes back as it is.
 */
export function formatWhen(at: string | number | Date, locale?: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return String(at);
  const now = new Date();
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  const format = formattersOf(locale, date);
  if (sameDay(date, now)) return `today ${format.time.format(date)}`;
  if (sameDay(date, yesterday)) return `yesterday ${format.time.format(date)}`;
  return (date.getFullYear() === now.getFullYear() ? format.day : format.dayOfYear).format(date);
}

/** The whole moment, to the second: "Monday, November 24, 2025 at 7:55:22 AM". */
export function formatFullWhen(at: string | number | Date, locale?: string): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? String(at) : formattersOf(locale, date).full.format(date);
}

/** A day by its name: "Saturday, November 28" (the Today page's date). */
export function formatLongDay(date: Date, locale?: string): string {
  return formattersOf(locale, date).longDay.format(date);
}

/** Intl's "Nov 3" of a UTC day, per locale, made when first needed. */
const utcDays = new Map<string | undefined, Intl.DateTimeFormat>();

/** A UTC calendar day, short: "Nov 3" (a day the API counted on, as the dashboard's chart and table name it). */
export function formatUtcDay(epochMs: number, locale?: string): string {
  const date = new Date(epochMs);
  if (byHand(locale, date.getUTCFullYear())) return monthDay(date.getUTCMonth(), date.getUTCDate());
  let format = utcDays.get(locale);
  if (!format)
    utcDays.set(
      locale,
      (format = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' })),
    );
  return format.format(date);
}
