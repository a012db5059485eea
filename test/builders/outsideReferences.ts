import { dirname, isAbsolute, relative, resolve } from 'node:path';

/**
 * The places in a source text that name a file outside the repository: a relative import, a `new URL(…,
 * import.meta.url)`, or a `resolve`/`join` from the file's folder that climbs out of `root`, and any literal
 * naming the `shared` folder beside the repository or an absolute path under /work (where this project's
 * machines keep it). A user's clone has nothing beside it, so a test that reads such a path passes only on the
 * machine that wrote it.
 */
export function outsideReferences(root: string, file: string, text: string): string[] {
  const found: string[] = [];
  const folder = dirname(file);
  const outside = (target: string): boolean => {
    const rel = relative(root, target);
    return rel === '..' || rel.startsWith('../') || isAbsolute(rel);
  };
  const relativeSpecifiers = [
    /(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]*)['"]/g,
    /import\(\s*['"](\.{1,2}\/[^'"]*)['"]\s*\)/g,
    /new URL\(\s*['"](\.{1,2}\/[^'"]*)['"]\s*,\s*import\.meta\.url\s*\)/g,
  ];
  for (const pattern of relativeSpecifiers) {
    for (const match of text.matchAll(pattern)) {
      const specifier = match[1] as string;
      if (outside(resolve(folder, specifier))) found.push(specifier);
    }
  }
  // resolve(import.meta.dirname, '..', 'x') and join(__dirname, '../x'): the parts after the folder.
  for (const match of text.matchAll(
    /(?:resolve|join)\(\s*(?:import\.meta\.dirname|__dirname)\s*((?:,\s*['"][^'"]*['"]\s*)+)\)/g,
  )) {
    const parts = [...(match[1] as string).matchAll(/['"]([^'"]*)['"]/g)].map((part) => part[1] as string);
    if (outside(resolve(folder, ...parts))) found.push(match[0]);
  }
  for (const match of text.matchAll(/['"`](?:[^'"`\n]*\.\.\/shared\b|\/work\/)[^'"`\n]*['"`]/g)) found.push(match[0]);
  return found;
}
