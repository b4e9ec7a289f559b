// @ts-check
// A typedoc plugin: error classes and resource classes get their own groups on every page.
//
// Without it a module page lists the 9 resource classes (`client.accounts`, ...) and the 17 error
// classes in one alphabetical "Classes" list. A class is put in a group by what it extends, so a
// class added later is grouped with no tag to remember: anything whose chain of base classes
// reaches `Error` is in "Errors", anything reaching `APIResource` in "Resources". A `@group` tag
// written on the class wins.
import { CommentTag, Converter, ReflectionKind, ReferenceType, Comment } from 'typedoc';

/** Base class name (anywhere up the chain) -> group. */
const GROUPS = [
  ['Error', 'Errors'],
  ['APIResource', 'Resources'],
];

/**
 * The names of every class up the chain of `reflection`.
 * @param {import('typedoc').DeclarationReflection} reflection
 * @returns {string[]}
 */
function ancestors(reflection) {
  const names = [];
  const seen = new Set();
  /** @type {import('typedoc').DeclarationReflection | undefined} */
  let current = reflection;
  while (current && !seen.has(current)) {
    seen.add(current);
    const base = current.extendedTypes?.[0];
    if (!(base instanceof ReferenceType)) break;
    names.push(base.name);
    const target = base.reflection;
    current = target?.kindOf(ReflectionKind.Class) ? /** @type {any} */ (target) : undefined;
  }
  return names;
}

/** @param {import('typedoc').Application} app */
export function load(app) {
  // Before groups are made (the group plugin runs at the end of resolving).
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    for (const reflection of context.project.getReflectionsByKind(ReflectionKind.Class)) {
      const declaration = /** @type {import('typedoc').DeclarationReflection} */ (reflection);
      if (declaration.comment?.getTag('@group')) continue;
      const chain = ancestors(declaration);
      const group = GROUPS.find(([base]) => chain.includes(base))?.[1];
      if (!group) continue;
      declaration.comment ??= new Comment();
      declaration.comment.blockTags.push(new CommentTag('@group', [{ kind: 'text', text: group }]));
    }
  });
}
