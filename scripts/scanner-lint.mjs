// Obsidian's review lint, run the way the community directory's scanner runs it, in two halves. ESLint:
// eslint-plugin-obsidianmd's recommended rules as warnings, a fixed set of rules as errors, the project's own
// eslint.config.mjs ignored, tests, scripts and docs left out. Stylelint: the scanner's rules for the stylesheet,
// with the browser features of the Electron that manifest.json's minAppVersion ships. Both follow
// obsidianmd/obsidian-workflows src/lint.ts (buildScannerEslintConfig with tsconfig.json present,
// SCANNER_STYLELINT_CONFIG), which the directory's release workflow runs; here they run on the versions this
// repository installs, so nothing is downloaded. Errors fail; warnings are listed (`--strict` fails on them too,
// like the workflow's `strict: true`).
import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import stylelint from 'stylelint';
import obsidianmd from 'eslint-plugin-obsidianmd';
import tseslint from 'typescript-eslint';

// The scanner's ignore list, less the entries this repository has no files for.
const IGNORES = [
  'node_modules',
  'dist',
  'build',
  'main.js',
  'styles.css',
  'manifest.json',
  'esbuild.config.mjs',
  '**/*.test.*',
  '**/*.spec.*',
  '**/test/**',
  '**/tests/**',
  '**/__tests__/**',
  '**/mocks/**',
  '**/__mocks__/**',
  '**/*.cjs',
  '**/*.mjs',
  '**/*.cts',
  '**/*.mts',
  '**/vite*',
  '**/scripts/**',
  '**/docs/**',
  '**/locales/**',
  'bench/**',
  'examples/**',
  'coverage/**',
  '.tmp/**',
];

// Rules the scanner raises to errors whatever the recommended config says.
const SCANNER_ERRORS = [
  'no-eval',
  'no-implied-eval',
  'no-unsanitized/method',
  'no-unsanitized/property',
  'obsidianmd/regex-lookbehind',
  'obsidianmd/no-forbidden-elements',
  'obsidianmd/settings-tab/no-manual-html-headings',
  'obsidianmd/settings-tab/no-problematic-settings-headings',
  'obsidianmd/sample-names',
  'obsidianmd/no-sample-code',
  'obsidianmd/platform',
  'obsidianmd/no-plugin-as-component',
  'obsidianmd/detach-leaves',
  'obsidianmd/no-static-styles-assignment',
  'obsidianmd/no-view-references-in-plugin',
  'obsidianmd/no-unsupported-api',
  'eslint-comments/require-description',
];

// Rules the scanner leaves off for TypeScript sources or lowers to warnings.
const SCANNER_OFF = [
  'obsidianmd/validate-manifest',
  'obsidianmd/validate-license',
  'obsidianmd/ui/sentence-case',
  'obsidianmd/ui/sentence-case-json',
  'obsidianmd/ui/sentence-case-locale-module',
];
const SCANNER_WARNINGS = [
  '@typescript-eslint/no-unsafe-member-access',
  '@typescript-eslint/no-unsafe-assignment',
  '@typescript-eslint/no-unsafe-argument',
  '@typescript-eslint/no-unsafe-call',
  '@typescript-eslint/no-unsafe-return',
  'obsidianmd/commands/no-command-in-command-id',
  'obsidianmd/commands/no-plugin-id-in-command-id',
];

/** The recommended config with every error lowered to a warning, except eslint-comments' own rules. */
function asWarnings(config) {
  if (!config.rules) return config;
  const rules = Object.fromEntries(
    Object.entries(config.rules).map(([id, value]) => {
      if (id.startsWith('eslint-comments/')) return [id, value];
      if (value === 'error' || value === 2) return [id, 'warn'];
      if (Array.isArray(value) && (value[0] === 'error' || value[0] === 2)) return [id, ['warn', ...value.slice(1)]];
      return [id, value];
    }),
  );
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

// The Obsidian release that first shipped each Electron, for minAppVersion → the oldest Electron to support
// (the table in obsidianmd/obsidian-workflows src/lint.ts, ELECTRON_VERSIONS).
const ELECTRON_SINCE = [
  [39, '1.11.4'],
  [37, '1.9.12'],
  [31, '1.7.4'],
  [30, '1.6.5'],
  [28, '1.5.8'],
  [25, '1.4.5'],
];
const versionNumber = (v) =>
  v
    .split('.')
    .map(Number)
    .reduce((sum, part, i) => sum + part * 1000 ** (2 - i), 0);

function oldestElectron(minAppVersion) {
  if (minAppVersion === undefined) return 39;
  const match = ELECTRON_SINCE.find(([, since]) => versionNumber(since) <= versionNumber(minAppVersion));
  return match === undefined ? 25 : match[0];
}

function stylelintConfig(minAppVersion) {
  const warn = { severity: 'warning' };
  return {
    plugins: ['stylelint-no-unsupported-browser-features'],
    ignoreDisables: true,
    ignoreFiles: IGNORES.filter((glob) => !glob.endsWith('.css')),
    rules: {
      'function-url-scheme-disallowed-list': [
        ['http', 'https', 'file'],
        { severity: 'error', message: 'External URLs are not allowed: embed images and fonts as base64.' },
      ],
      'function-url-scheme-allowed-list': ['data'],
      'declaration-no-important': [
        true,
        { ...warn, message: "Avoid !important: raise the selector's specificity or use a CSS variable." },
      ],
      'color-named': [
        'never',
        {
          ...warn,
          message: "Use hex colors or Obsidian's CSS variables, not named colors, so light and dark themes work.",
        },
      ],
      'declaration-block-no-duplicate-properties': [true, warn],
      'plugin/no-unsupported-browser-features': [
        true,
        {
          ...warn,
          browsers: [`electron >= ${oldestElectron(minAppVersion)}`],
          ignore: ['css-nesting', 'css-cascade-layers'],
        },
      ],
      'selector-pseudo-class-disallowed-list': [
        ['has'],
        { ...warn, message: 'Avoid :has(): it can invalidate styles across the whole app.' },
      ],
      'selector-pseudo-class-no-unknown': [true, { ...warn, ignorePseudoClasses: ['global', 'local'] }],
      'selector-pseudo-element-no-unknown': [true, warn],
      'selector-type-no-unknown': [true, { ...warn, ignoreTypes: [] }],
      'at-rule-no-unknown': [true, { ...warn, ignoreAtRules: ['layer', 'property', 'container'] }],
      'unit-no-unknown': [true, warn],
      'property-disallowed-list': [['all'], warn],
    },
  };
}

const strict = process.argv.includes('--strict');
let errors = 0;
let warnings = 0;
const report = (severity, where, text, rule) => {
  console.log(`${severity === 'error' ? 'error  ' : 'warning'} ${where} ${text} [${rule}]`);
  if (severity === 'error') errors++;
  else warnings++;
};

const eslint = new ESLint({ overrideConfigFile: true, overrideConfig: scannerConfig });
const results = await eslint.lintFiles(['src']);
for (const result of results) {
  for (const message of result.messages) {
    const where = `${result.filePath.slice(process.cwd().length + 1)}:${message.line}:${message.column}`;
    report(message.severity === 2 ? 'error' : 'warning', where, message.message, message.ruleId ?? 'parse');
  }
}

const { minAppVersion } = JSON.parse(readFileSync('manifest.json', 'utf8'));
const styles = await stylelint.lint({
  files: ['**/*.css', '!node_modules/**', '!coverage/**'],
  config: stylelintConfig(minAppVersion),
});
for (const result of styles.results) {
  const file = (result.source ?? '').slice(process.cwd().length + 1);
  for (const warning of result.warnings)
    report(warning.severity, `${file}:${warning.line}:${warning.column}`, warning.text, warning.rule);
  for (const parseError of result.parseErrors ?? []) report('error', file, parseError.text, 'css-parse-error');
}

const cssFiles = styles.results.filter((r) => !r.ignored).length;
console.log(
  `Obsidian review lint: ${errors} errors, ${warnings} warnings in ${results.length} source and ${cssFiles} CSS files.`,
);
if (errors > 0 || (strict && warnings > 0)) process.exit(1);
