import { defineConfig, globalIgnores } from 'eslint/config';
import obsidianmd from 'eslint-plugin-obsidianmd';

const noObsidianInCore = {
  paths: [
    {
      name: 'obsidian',
      message:
        'Core, providers, node adapters and the CLI run without Obsidian: talk to it through a port in src/core/ports.',
    },
  ],
  patterns: [
    { group: ['**/ui/*', '**/ui'], message: 'Only main.ts and src/ui may import the UI.' },
    { group: ['**/obsidian/*'], message: 'Only main.ts and src/ui may import the Obsidian adapters.' },
  ],
};

export default defineConfig([
  globalIgnores([
    'main.js',
    'node_modules/',
    'coverage/',
    'bench/.vaults/',
    'docs/',
    'esbuild.config.mjs',
    'scripts/*.mjs',
  ]),
  ...obsidianmd.configs.recommended,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            'eslint.config.mjs',
            'vitest.config.mts',
            'scripts/shims/*.cjs',
            'test/plugin/support/*.mjs',
          ],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    files: ['src/**/*.ts'],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // The submission rules about source code fail the lint instead of warning: command ids without the plugin id,
    // no default hotkeys, sentence case, no innerHTML (scripts/submission/sourceRules.ts; test/release checks them).
    files: ['src/**/*.ts'],
    rules: {
      'obsidianmd/commands/no-plugin-id-in-command-id': 'error',
      'obsidianmd/commands/no-default-hotkeys': 'error',
      'obsidianmd/ui/sentence-case': ['error', { enforceCamelCaseLower: true }],
      '@microsoft/sdl/no-inner-html': 'error',
    },
  },
  {
    files: ['src/core/**/*.ts', 'src/providers/**/*.ts', 'src/node/**/*.ts', 'src/cli/**/*.ts', 'src/mcp/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', noObsidianInCore] },
  },
  {
    // The MCP server is a shell over the core: the core knows neither it nor its SDK.
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...noObsidianInCore,
          patterns: [
            ...noObsidianInCore.patterns,
            {
              group: ['**/mcp/*', '**/mcp', '@modelcontextprotocol/*'],
              message: 'Core never imports the MCP shell or its SDK: src/mcp builds on core.',
            },
          ],
        },
      ],
    },
  },
  {
    // Core and the node adapters are plain TypeScript; the CLI, node adapters and tests run under Node, where
    // Obsidian's popout-window rules (activeDocument, window timers) do not apply.
    files: [
      'src/core/**/*.ts',
      'src/node/**/*.ts',
      'src/cli/**/*.ts',
      'src/mcp/**/*.ts',
      'test/**/*.ts',
      'scripts/**/*.ts',
      'bench/**/*.ts',
    ],
    rules: {
      'obsidianmd/no-nodejs-modules': 'off',
      'obsidianmd/prefer-window-timers': 'off',
      'obsidianmd/no-global-this': 'off',
      'obsidianmd/hardcoded-config-path': 'off',
    },
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      'obsidianmd/ui/sentence-case': 'off',
      'obsidianmd/prefer-create-el': 'off',
      'obsidianmd/no-tfile-tfolder-cast': 'off',
      'obsidianmd/vault/iterate': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // Scripts, benchmarks and the terminal runner talk to a person through the console.
    files: ['scripts/**/*.ts', 'bench/**/*.ts', 'src/cli/**/*.ts'],
    rules: { 'obsidianmd/rule-custom-message': 'off', 'no-console': 'off' },
  },
]);
