/**
 * The characters of `text` that could act on a terminal, as code points: C0 controls (TAB and LF
 * too when `oneLine`), DEL, C1 controls, bidi controls, U+2028/U+2029 and lone surrogates. An
 * independent statement of what src/cli/output/terminal-text.ts must remove, written without a
 * regular expression so the two do not share a mistake.
 */
export function unsafeForTerminal(text: string, oneLine = false): number[] {
  const found: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const high = c >= 0xd800 && c <= 0xdbff;
    const low = c >= 0xdc00 && c <= 0xdfff;
    if (high) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      found.push(c);
      continue;
    }
    const bad =
      (c < 0x20 && (oneLine || (c !== 0x09 && c !== 0x0a))) ||
      (c >= 0x7f && c <= 0x9f) ||
      c === 0x061c ||
      c === 0x200e ||
      c === 0x200f ||
      (c >= 0x2028 && c <= 0x202e) ||
      (c >= 0x2066 && c <= 0x2069) ||
      low;
    if (bad) found.push(c);
  }
  return found;
}
