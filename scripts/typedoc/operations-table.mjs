// @ts-check
// A typedoc plugin for `OPERATIONS`, the route table the SDK keeps as data (src/operations/).
//
// typedoc renders the inferred type of `OPERATIONS` in full: every entry with its method, path
// and every zod schema expanded, hundreds of nested members that no comment could sensibly
// cover. Each entry already has its documentation where it is defined, on the operation
// constant it points at (`retrieveMyAccount`, `createWebhook`, …). This plugin gives each entry
// that comment and reduces its type to the route, so the page reads as the route table it is.
import ts from 'typescript';
import { Converter, ReflectionKind, ReflectionType, UnknownType, LiteralType } from 'typedoc';

/** Variables rendered as route tables. */
const TABLES = new Set(['OPERATIONS']);

/** @param {import('typedoc').Application} app */
export function load(app) {
  // Fired once the variable and its type are converted, while the TypeScript program is still open.
  app.converter.on(Converter.EVENT_CREATE_DECLARATION, (context, table) => {
    if (!table.kindOf(ReflectionKind.Variable) || !TABLES.has(table.name) || !(table.type instanceof ReflectionType)) return;
    for (const entry of table.type.declaration.children ?? []) {
      entry.comment ??= commentOfTarget(context, entry);
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

/**
 * The doc comment of the operation constant an entry points at (`'accounts.me': accounts.retrieveMyAccount`).
 *
 * @param {import('typedoc').Context} context
 * @param {import('typedoc').DeclarationReflection} entry
 */
function commentOfTarget(context, entry) {
  const declaration = context.getSymbolFromReflection(entry)?.valueDeclaration;
  if (!declaration || !ts.isPropertyAssignment(declaration)) return undefined;
  let target = context.checker.getSymbolAtLocation(declaration.initializer);
  if (target && target.flags & ts.SymbolFlags.Alias) target = context.checker.getAliasedSymbol(target);
  return target ? context.getComment(target, ReflectionKind.Variable)?.clone() : undefined;
}
