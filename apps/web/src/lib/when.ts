/** Each locale's formatters, made once (`undefined`: the browser's locale). */
const formatters = new Map<string | undefined, ReturnType<typeof formattersFor>>();

function formattersFor(locale: string | undefined) {
  return {
    /** "7:55 AM", "07:55": the locale's own short time. */
    time: new Intl.DateTimeFormat(locale, { timeStyle: 'short' }),
    /** "Nov 24", "24 Nov". */
    day: new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' }),
    /** "Nov 24, 2025". */
    dayOfYear: new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric' }),
    /** "Monday, November 24, 2025 at 7:55:22 AM". */
    full: new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'medium' }),
  };
}

function formattersOf(locale: string | undefined) {
  let made = formatters.get(locale);
  if (!made) formatters.set(locale, (made = formattersFor(locale)));
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
  const format = formattersOf(locale);
  if (sameDay(date, now)) return `today ${format.time.format(date)}`;
  if (sameDay(date, yesterday)) return `yesterday ${format.time.format(date)}`;
  return (date.getFullYear() === now.getFullYear() ? format.day : format.dayOfYear).format(date);
}

/** The whole moment, to the second: "Monday, November 24, 2025 at 7:55:22 AM". */
export function formatFullWhen(at: string | number | Date, locale?: string): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? String(at) : formattersOf(locale).full.format(date);
}
