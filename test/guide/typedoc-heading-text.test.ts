// The API site's headings keep their inline code in the text typedoc names them by (the page's
// table of contents and the heading's anchor): scripts/typedoc/heading-text.mjs, run here on the
// markdown-it that typedoc uses. Without it, "## Testing: `credit-platform/testing`" was listed as
// "Testing: " and anchored `#testing`, so a link written for GitHub's anchor was broken.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { markdownItLoader } from '../../scripts/typedoc/heading-text.mjs';

interface Token {
  type: string;
  content: string;
  children: Token[] | null;
}
interface MarkdownIt {
  parse(text: string, env: object): Token[];
  render(text: string): string;
}
const MarkdownIt = createRequire(import.meta.url)('markdown-it') as new () => MarkdownIt;

/** What typedoc reads as a heading's text: its text tokens, nothing else. */
function headingTexts(parser: MarkdownIt, markdown: string): string[] {
  const tokens = parser.parse(markdown, {});
  return tokens.flatMap((token, i) =>
    token.type === 'heading_open'
      ? [
          (tokens[i + 1]?.children ?? [])
            .filter((c) => c.type === 'text')
            .map((c) => c.content)
            .join(''),
        ]
      : [],
  );
}

describe('scripts/typedoc/heading-text.mjs', () => {
  const heading = '## Testing without an account: `credit-platform/testing`\n\nText with `code` stays.\n';

  it('gives the heading its code as text, so the contents and the anchor keep it', () => {
    const plain = new MarkdownIt();
    expect(headingTexts(plain, heading)).toEqual(['Testing without an account: ']);
    const parser = new MarkdownIt();
    markdownItLoader(parser);
    expect(headingTexts(parser, heading)).toEqual(['Testing without an account: credit-platform/testing']);
  });

  it('renders the same HTML as before, escaped, and leaves code outside headings alone', () => {
    const parser = new MarkdownIt();
    markdownItLoader(parser);
    expect(parser.render(heading)).toBe(new MarkdownIt().render(heading));
    expect(parser.render('# Compare `a<b`\n')).toBe('<h1>Compare <code>a&lt;b</code></h1>\n');
  });
});
