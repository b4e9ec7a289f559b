// Types of heading-text.mjs (a plain-JS typedoc plugin), for its test.
import type { Application } from 'typedoc';

/** Registers the markdown-it loader once typedoc has read its options. */
export function load(app: Application): void;
/** Adds the rule that keeps a heading's inline code in its text to a markdown-it instance. */
export function markdownItLoader(parser: unknown): void;
