import { printableLine } from './terminal-text.js';

const PLAIN = /^[A-Za-z0-9_\-./:=@%+,]+$/;

/**
 * One argument as a shell reads it back unchanged: bare when safe, else single-quoted (POSIX).
 * An argument holding control characters (a hostile cursor: ESC, BEL, a line break that would
 * start a line of its own) must not put them on the terminal, and single quotes would: it is written in `$'…'` form instead, each control
 * character as its UTF-8 bytes in `\xHH` escapes, which bash, zsh, ksh and POSIX.1-2024 shells
 * read back as the same bytes.
 */
export function shellQuote(arg: string): string {
  if (PLAIN.test(arg)) return arg;
  if (printableLine(arg) !== arg) return dollarQuote(arg);
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** A command line of arguments, each quoted with {@link shellQuote}. */
export function shellCommand(args: readonly string[]): string {
  return args.map(shellQuote).join(' ');
}

/** Whether {@link shellCommand} needs the `$'…'` form for `args`, which plain `sh` (dash) does not read. */
export function needsDollarQuotes(args: readonly string[]): boolean {
  return args.some((arg) => printableLine(arg) !== arg);
}

function dollarQuote(arg: string): string {
  let out = "$'";
  for (const char of arg) {
    if (char === '\\' || char === "'") out += `\\${char}`;
    else if (printableLine(char) !== char)
      for (const byte of Buffer.from(char)) out += `\\x${byte.toString(16).padStart(2, '0')}`;
    else out += char;
  }
  return `${out}'`;
}
