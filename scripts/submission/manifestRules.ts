import { ESLint } from 'eslint';
import obsidianmd from 'eslint-plugin-obsidianmd';
import tseslint from 'typescript-eslint';
import type { ApiUse } from './apiUsage';
import { compareVersions } from './sinceTable';

/** A submission rule a manifest breaks, and what was wrong. */
export interface Problem {
  rule: ManifestRule;
  message: string;
}

export type ManifestRule = 'fields' | 'forbidden-words' | 'description' | 'desktop-only' | 'min-app-version';

/** What the code shows, for the rules that depend on it. */
export interface CodeFacts {
  /** Node.js and Electron modules main.js loads (desktopOnlyModules). */
  desktopModules: string[];
  /** Obsidian APIs main.js's sources use, latest `@since` first (obsidianApiUses). */
  apiUses: ApiUse[];
}

// eslint-plugin-obsidianmd's validate-manifest already checks the fields, the words an id, name or description may
// not hold ("obsidian", "plugin") and the description's form (10-250 characters, a capital first, a period last, no
// emoji or special characters); its message ids are sorted into the rules they enforce.
const VALIDATE_MANIFEST: Record<string, ManifestRule> = {
  missingKey: 'fields',
  invalidType: 'fields',
  disallowedKey: 'fields',
  duplicateKey: 'fields',
  mustBeRootObject: 'fields',
  invalidFundingUrl: 'fields',
  emptyFundingUrlObject: 'fields',
  noForbiddenWords: 'forbidden-words',
  descriptionFormat: 'description',
};

/** Every submission rule `manifestText` breaks, given what the code uses; an empty list when it passes. */
export async function manifestProblems(manifestText: string, facts: CodeFacts): Promise<Problem[]> {
  const problems: Problem[] = [];
  const eslint = new ESLint({
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.json'],
        languageOptions: { parser: tseslint.parser },
        plugins: { obsidianmd },
        rules: { 'obsidianmd/validate-manifest': 'error' },
      },
    ],
  });
  const [result] = await eslint.lintText(manifestText, { filePath: 'manifest.json' });
  for (const message of result?.messages ?? []) {
    const rule = message.messageId === undefined ? undefined : VALIDATE_MANIFEST[message.messageId];
    problems.push({ rule: rule ?? 'fields', message: `manifest.json: ${message.message}` });
  }

  const manifest = JSON.parse(manifestText) as { isDesktopOnly?: unknown; minAppVersion?: unknown };
  if (facts.desktopModules.length > 0 && manifest.isDesktopOnly !== true) {
    problems.push({
      rule: 'desktop-only',
      message: `manifest.json: isDesktopOnly must be true, because main.js loads ${facts.desktopModules.join(', ')} (Node.js or Electron), got ${JSON.stringify(manifest.isDesktopOnly)}.`,
    });
  }
  const latest = facts.apiUses[0];
  if (
    latest !== undefined &&
    typeof manifest.minAppVersion === 'string' &&
    compareVersions(manifest.minAppVersion, latest.since) < 0
  ) {
    problems.push({
      rule: 'min-app-version',
      message: `manifest.json: minAppVersion ${manifest.minAppVersion} is older than ${latest.since}, which ${latest.api} (used at ${latest.at}) needs.`,
    });
  }
  return problems;
}
