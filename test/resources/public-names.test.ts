import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The root entry exports each category's public names with `export *` from the category's
// index.ts, which re-exports its classes and `export type *` the rest: there is no list of names
// to extend when an operation brings a new record type. These checks keep that from exporting an
// internal name (a schema, an operation table) and from missing a public one.

const cwd = process.cwd();
const resources = join(cwd, 'src', 'resources');
const categoryFiles = readdirSync(resources, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'shared')
  .flatMap((dir) =>
    readdirSync(join(resources, dir.name))
      .filter((name) => name.endsWith('.ts') && name !== 'index.ts')
      .map((name) => join(resources, dir.name, name)),
  );

const config = ts.getParsedCommandLineOfConfigFile(
  join(cwd, 'tsconfig.json'),
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: () => undefined,
  },
);
const program = ts.createProgram([join(cwd, 'src', 'index.ts'), ...categoryFiles], config?.options ?? {});
const checker = program.getTypeChecker();

function exportsOf(file: string): ts.Symbol[] {
  const source = program.getSourceFile(file);
  const module = source && checker.getSymbolAtLocation(source);
  if (!module) throw new Error(`${file} is not a module`);
  return checker.getExportsOfModule(module);
}

function target(symbol: ts.Symbol): ts.Symbol {
  return symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

function isResourceClass(declaration: ts.Declaration): boolean {
  if (!ts.isClassDeclaration(declaration)) return false;
  const base = declaration.heritageClauses?.find((clause) => clause.token === ts.SyntaxKind.ExtendsKeyword)?.types[0];
  return base?.expression.getText() === 'APIResource';
}

const isType = (declaration: ts.Declaration) => ts.isInterfaceDeclaration(declaration) || ts.isTypeAliasDeclaration(declaration);

describe("the resources' public names", () => {
  it('finds the category files', () => {
    expect(categoryFiles.length).toBeGreaterThanOrEqual(9);
  });

  it('a category file exports resource classes and types; its operation table is its default export', () => {
    const offenders: string[] = [];
    const tables: string[] = [];
    for (const file of categoryFiles) {
      for (const symbol of exportsOf(file)) {
        const declaration = target(symbol).declarations?.[0];
        const where = `${relative(cwd, file)}: ${symbol.name}`;
        if (symbol.name === 'default') tables.push(where);
        else if (!declaration || !(isResourceClass(declaration) || isType(declaration))) offenders.push(where);
      }
    }
    expect(offenders).toEqual([]);
    expect(tables).toHaveLength(categoryFiles.length);
  });

  it('the root exports every public name of every category file', () => {
    const root = new Set(exportsOf(join(cwd, 'src', 'index.ts')).map((symbol) => symbol.name));
    const missing = categoryFiles.flatMap((file) =>
      exportsOf(file)
        .filter((symbol) => symbol.name !== 'default' && !root.has(symbol.name))
        .map((symbol) => `${relative(cwd, file)}: ${symbol.name}`),
    );
    expect(root.size).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });

  it('the root exports no value of the resources as a type only (what `export type *` makes of a schema)', async () => {
    const runtime = new Set(Object.keys(await import('../../src/index.js')));
    const typeOnlyValues = exportsOf(join(cwd, 'src', 'index.ts'))
      .filter((symbol) => target(symbol).declarations?.some((d) => d.getSourceFile().fileName.startsWith(resources)))
      .filter((symbol) => target(symbol).flags & ts.SymbolFlags.Value && !runtime.has(symbol.name))
      .map((symbol) => symbol.name);
    expect(runtime.size).toBeGreaterThan(50);
    expect(typeOnlyValues).toEqual([]);
  });
});
