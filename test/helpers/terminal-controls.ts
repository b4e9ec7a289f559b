// What a terminal obeys: C0 controls but tab and newline, DEL, and C1 controls. Written out here,
// not taken from src/cli/output/terminal-text.ts, so a test of the filter does not trust it.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

/** The first control character in `text` a terminal would act on, as `\uXXXX`, or `undefined`. */
export function terminalControl(text: string): string | undefined {
  const found = CONTROL.exec(text)?.[0];
  return found === undefined ? undefined : `\\u${found.charCodeAt(0).toString(16).padStart(4, '0')}`;
}
