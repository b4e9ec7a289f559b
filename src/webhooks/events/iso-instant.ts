// The check of an event's `timestamp`: an ISO 8601 date-time with a zone. No `node:*` import.

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

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
 * @internal True for `YYYY-MM-DDThh:mm:ss`, an optional fraction, then `Z` or `±hh:mm` (`t` and `z`
 * in either case) that names a real instant: the calendar is checked, since Date.parse rolls
 * 2024-02-30 over to March. Read by index, one pass, nothing allocated: the regular expression and
 * the array of its groups it replaces cost a tenth of what the receiver adds to node:http's work.
 */
export function isIsoInstant(text: string): boolean {
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 2);
  const day = digitsAt(text, 8, 2);
  const hour = digitsAt(text, 11, 2);
  const minute = digitsAt(text, 14, 2);
  const second = digitsAt(text, 17, 2);
  const t = text[10];
  if (text[4] !== '-' || text[7] !== '-' || (t !== 'T' && t !== 't') || text[13] !== ':' || text[16] !== ':') return false;
  // The month is checked last, by the calendar: a month outside 1-12 has no length.
  if (year < 0 || day < 1 || !(hour >= 0 && hour <= 23)) return false;
  if (!(minute >= 0 && minute <= 59) || !(second >= 0 && second <= 59)) return false;
  let at = 19;
  if (text[at] === '.') {
    const first = ++at;
    while (digitsAt(text, at, 1) >= 0) at++;
    if (at === first) return false;
  }
  const zone = text[at];
  if (zone === '+' || zone === '-') {
    const offsetHour = digitsAt(text, at + 1, 2);
    const offsetMinute = digitsAt(text, at + 4, 2);
    if (text[at + 3] !== ':' || !(offsetHour >= 0 && offsetHour <= 23) || !(offsetMinute >= 0 && offsetMinute <= 59)) {
      return false;
    }
    at += 6;
  } else if (zone === 'Z' || zone === 'z') {
    at += 1;
  } else {
    return false;
  }
  if (at !== text.length) return false;
  // February 29th asks the calendar (as the check always has: Date.UTC reads years 0-99 as 1900-1999).
  // `day <= undefined` is false, for any month outside 1-12 (or not two digits).
  return (
    day <= (DAYS_IN_MONTH[month - 1] as number) ||
    (month === 2 && day === 29 && new Date(Date.UTC(year, 1, 29)).getUTCDate() === 29)
  );
}
