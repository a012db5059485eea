// Obsidian's review lint, run the way the community directory's scanner runs it: eslint-plugin-obsidianmd's
// recommended rules as warnings, a fixed set of rules as errors, the project's own eslint.config.mjs ignored, and
// tests, scripts and docs left out. The rule set follows obsidianmd/obsidian-workflows src/lint.ts
// (buildScannerEslintConfig, with tsconfig.json present), which the directory's release workflow uses; it runs on
// the versions this repository installs, so it needs no download. Errors fail; warnings are listed (`--strict`
// fails on them too, like the workflow's `strict: true`).
import { ESLint } from 'eslint';
import obsidianmd from 'eslint-plugin-obsidianmd';
import tseslint from 'typescript-eslint';

// The scanner's ignore list, less the entries this repository has no files for.
const IGNORES = [
  'node_modules', 'dist', 'build', 'main.js', 'styles.css', 'manifest.json', 'esbuild.config.mjs',
  '**/*.test.*', '**/*.spec.*', '**/test/**', '**/tests/**', '**/__tests__/**', '**/mocks/**', '**/__mocks__/**',
  '**/*.cjs', '**/*.mjs', '**/*.cts', '**/*.mts', '**/vite*', '**/scripts/**', '**/docs/**', '**/locales/**',
  'bench/**', 'examples/**', 'coverage/**', '.tmp/**',
];

// Rules the scanner raises to errors whatever the recommended config says.
const SCANNER_ERRORS = [
  'no-eval', 'no-implied-eval', 'no-unsanitized/method', 'no-unsanitized/property',
  'obsidianmd/regex-lookbehind', 'obsidianmd/no-forbidden-elements', 'obsidianmd/settings-tab/no-manual-html-headings',
  'obsidianmd/settings-tab/no-problematic-settings-headings', 'obsidianmd/sample-names', 'obsidianmd/no-sample-code',
  'obsidianmd/platform', 'obsidianmd/no-plugin-as-component', 'obsidianmd/detach-leaves',
  'obsidianmd/no-static-styles-assignment', 'obsidianmd/no-view-references-in-plugin', 'obsidianmd/no-unsupported-api',
  'eslint-comments/require-description',
];

// Rules the scanner leaves off for TypeScript sources or lowers to warnings.
const SCANNER_OFF = ['obsidianmd/validate-manifest', 'obsidianmd/validate-license', 'obsidianmd/ui/sentence-case',
  'obsidianmd/ui/sentence-case-json', 'obsidianmd/ui/sentence-case-locale-module'];
const SCANNER_WARNINGS = ['@typescript-eslint/no-unsafe-member-access', '@typescript-eslint/no-unsafe-assignment',
  '@typescript-eslint/no-unsafe-argument', '@typescript-eslint/no-unsafe-call', '@typescript-eslint/no-unsafe-return',
  'obsidianmd/commands/no-command-in-command-id', 'obsidianmd/commands/no-plugin-id-in-command-id'];

/** The recommended config with every error lowered to a warning, except eslint-comments' own rules. */
function asWarnings(config) {
  if (!config.rules) return config;
  const rules = Object.fromEntries(Object.entries(config.rules).map(([id, value]) => {
    if (id.startsWith('eslint-comments/')) return [id, value];
    if (value === 'error' || value === 2) return [id, 'warn'];
    if (Array.isArray(value) && (value[0] === 'error' || value[0] === 2)) return [id, ['warn', ...value.slice(1)]];
    return [id, value];
  }));
  return { ...config, rules };
}

const level = (ids, severity) => Object.fromEntries(ids.map((id) => [id, severity]));

export const scannerConfig = [
  { ignores: IGNORES },
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: process.cwd() },
    },
  },
  ...[...obsidianmd.configs.recommended].map(asWarnings),
  { linterOptions: { noInlineConfig: false, reportUnusedDisableDirectives: 'off', reportUnusedInlineConfigs: 'off' } },
  {
    files: ['**/*.ts'],
    plugins: { '@typescript-eslint': tseslint.plugin, obsidianmd },
    rules: { ...level(SCANNER_OFF, 'off'), ...level(SCANNER_WARNINGS, 'warn'), ...level(SCANNER_ERRORS, 'error') },
  },
];

const strict = process.argv.includes('--strict');
const eslint = new ESLint({ overrideConfigFile: true, overrideConfig: scannerConfig });
const results = await eslint.lintFiles(['src']);
let errors = 0;
let warnings = 0;
for (const result of results) {
  for (const message of result.messages) {
    const where = `${result.filePath.slice(process.cwd().length + 1)}:${message.line}:${message.column}`;
    console.log(`${message.severity === 2 ? 'error  ' : 'warning'} ${where} ${message.message} [${message.ruleId ?? 'parse'}]`);
    if (message.severity === 2) errors++;
    else warnings++;
  }
}
console.log(`Obsidian review lint: ${errors} errors, ${warnings} warnings in ${results.length} files.`);
if (errors > 0 || (strict && warnings > 0)) process.exit(1);
