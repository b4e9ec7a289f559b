// @ts-check
// A typedoc plugin: headings keep their inline code in the page's table of contents and anchors.
//
// typedoc names a Markdown heading (its `id` and its line in "On This Page") from the heading's
// text tokens only, so `## Testing without an account: \`credit-platform/testing\`` became
// "Testing without an account: " with the anchor `#testing-without-an-account`, and a link
// written for GitHub's anchor (`#testing-without-an-account-credit-platformtesting`) was broken.
// This rule, run while the Markdown is parsed, rewrites each code span of a heading into the
// same `<code>` element around a text token, so the rendered heading is unchanged while its text
// (and so the table of contents and the anchor, as on GitHub) keeps the code.
import { Application } from 'typedoc';

/** @param {import('typedoc').Application} app */
export function load(app) {
  // Options are read again after plugins load, so the loader is set once they have been.
  app.on(Application.EVENT_BOOTSTRAP_END, () => app.options.setValue('markdownItLoader', markdownItLoader));
}

/**
 * Adds the rule to a markdown-it instance (typedoc's, through its `markdownItLoader` option).
 * @param {any} parser
 */
export function markdownItLoader(parser) {
  parser.core.ruler.push('heading_code_as_text', (/** @type {any} */ state) => {
    const tokens = state.tokens;
    for (let i = 0; i + 1 < tokens.length; i++) {
      if (tokens[i].type !== 'heading_open' || tokens[i + 1].type !== 'inline') continue;
      const inline = tokens[i + 1];
      inline.children = (inline.children ?? []).flatMap((/** @type {any} */ child) => {
        if (child.type !== 'code_inline') return [child];
        const open = new state.Token('html_inline', '', 0);
        open.content = '<code>';
        const text = new state.Token('text', '', 0);
        text.content = child.content;
        const close = new state.Token('html_inline', '', 0);
        close.content = '</code>';
        return [open, text, close];
      });
    }
  });
}
