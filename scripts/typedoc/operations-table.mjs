// @ts-check
// A typedoc plugin for `OPERATIONS`, the route table the SDK keeps as data (src/resources/operations.ts).
//
// typedoc renders the inferred type of `OPERATIONS` in full: every entry with its method, path
// and every zod schema expanded, hundreds of nested members that no comment could sensibly
// cover. Each entry keeps the comment it has where it is declared (the category's file in
// src/resources/<category>/, beside the method that runs it); this plugin reduces its type to
// the route, so the page reads as the route table it is.
import { Converter, ReflectionKind, ReflectionType, UnknownType, LiteralType } from 'typedoc';

/** Variables rendered as route tables. */
const TABLES = new Set(['OPERATIONS']);

/** @param {import('typedoc').Application} app */
export function load(app) {
  // Fired once the variable and its type are converted, while the TypeScript program is still open.
  app.converter.on(Converter.EVENT_CREATE_DECLARATION, (context, table) => {
    if (!table.kindOf(ReflectionKind.Variable) || !TABLES.has(table.name) || !(table.type instanceof ReflectionType)) return;
    for (const entry of table.type.declaration.children ?? []) {
      if (!(entry.type instanceof ReflectionType)) continue;
      const fields = Object.fromEntries(
        (entry.type.declaration.children ?? [])
          .filter((field) => field.type instanceof LiteralType)
          .map((field) => [field.name, /** @type {LiteralType} */ (field.type).toString()]),
      );
      const route = ['method', 'path', 'documented'].map((name) => `${name}: ${fields[name]}`).join('; ');
      context.project.removeTypeReflections(entry.type);
      entry.type = new UnknownType(`{ ${route}; … }`);
    }
  });
}
