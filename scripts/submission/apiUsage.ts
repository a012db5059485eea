import { relative } from 'node:path';
import ts from 'typescript';
import { compareVersions } from './sinceTable';

/** One use of an Obsidian API that has a `@since` version. */
export interface ApiUse {
  api: string;
  since: string;
  at: string;
}

/**
 * The Obsidian APIs the program reachable from `rootFiles` uses, each with its `@since` version from `table`
 * (a member without a tag takes its class's or interface's), latest first. Symbols are resolved with the type
 * checker, so `this.app.secretStorage.getSecret(…)` counts as `App.secretStorage` and `SecretStorage.getSecret`
 * however the code reaches them. Only run-time uses count: names in type positions are skipped. `sources` stands in for files by absolute path (tests pass samples this way).
 */
export function obsidianApiUses(
  rootFiles: string[],
  options: ts.CompilerOptions,
  table: Map<string, string>,
  sources: Map<string, string> = new Map(),
): ApiUse[] {
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.readFile = (path) => sources.get(path) ?? readFile(path);
  host.fileExists = (path) => sources.has(path) || fileExists(path);
  const program = ts.createProgram(rootFiles, { ...options, noEmit: true }, host);
  const checker = program.getTypeChecker();
  const uses = new Map<string, ApiUse>();

  const visit = (node: ts.Node, file: ts.SourceFile): void => {
    // A type annotation costs nothing at run time, so an API named only in types (an optional override's return
    // type, say) needs no newer Obsidian; a class's `extends` clause is a real use.
    if (ts.isExpressionWithTypeArguments(node) && ts.isHeritageClause(node.parent)) {
      if (node.parent.token === ts.SyntaxKind.ExtendsKeyword && ts.isClassLike(node.parent.parent))
        visit(node.expression, file);
      return;
    }
    if (ts.isTypeNode(node)) return;
    if (ts.isIdentifier(node) && !ts.isImportSpecifier(node.parent) && !ts.isImportClause(node.parent)) {
      const key = obsidianKey(checker.getSymbolAtLocation(node), checker);
      const since = key === undefined ? undefined : (table.get(key) ?? table.get(key.split('.')[0] ?? ''));
      if (key !== undefined && since !== undefined && !uses.has(key)) {
        const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
        uses.set(key, { api: key, since, at: `${relative(process.cwd(), file.fileName)}:${line + 1}` });
      }
    }
    ts.forEachChild(node, (child) => visit(child, file));
  };
  for (const file of program.getSourceFiles()) {
    if (!file.isDeclarationFile) visit(file, file);
  }
  return [...uses.values()].sort((a, b) => compareVersions(b.since, a.since) || a.api.localeCompare(b.api));
}

/** `Name` or `Container.member` for a symbol declared in obsidian.d.ts, otherwise undefined. */
function obsidianKey(found: ts.Symbol | undefined, checker: ts.TypeChecker): string | undefined {
  if (found === undefined) return undefined;
  const symbol = found.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(found) : found;
  const declaration = symbol.declarations?.[0];
  if (declaration === undefined || !/[\\/]obsidian[\\/]obsidian\.d\.ts$/.test(declaration.getSourceFile().fileName)) {
    return undefined;
  }
  const parent = declaration.parent;
  if ((ts.isClassDeclaration(parent) || ts.isInterfaceDeclaration(parent)) && parent.name !== undefined) {
    return `${parent.name.text}.${symbol.name}`;
  }
  return symbol.name;
}
