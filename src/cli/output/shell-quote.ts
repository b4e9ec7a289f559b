const PLAIN = /^[A-Za-z0-9_\-./:=@%+,]+$/;

/** One argument as a POSIX shell reads it back unchanged: bare when safe, else single-quoted. */
export function shellQuote(arg: string): string {
  if (PLAIN.test(arg)) return arg;
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** A command line of arguments, each quoted with {@link shellQuote}. */
export function shellCommand(args: readonly string[]): string {
  return args.map(shellQuote).join(' ');
}
