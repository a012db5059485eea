import { ESLint, type Linter } from 'eslint';
import obsidianmd from 'eslint-plugin-obsidianmd';
import tseslint from 'typescript-eslint';

/**
 * The submission rules about source code, each one a rule of eslint-plugin-obsidianmd's recommended config that
 * eslint.config.mjs raises to an error for src/ (the recommended config only warns), so `npm run lint`, and with it
 * `npm test`, fails on them. Where they are stated, in obsidianmd/obsidian-developer-docs: command ids in
 * en/Community directory/Submission requirements for plugins.md ("Don't include the plugin ID in the command ID");
 * hotkeys, sentence case and innerHTML in en/Plugins/Releasing/Plugin guidelines.md ("Avoid setting a default
 * hotkey for commands", "Use sentence case in UI", "Avoid innerHTML, outerHTML and insertAdjacentHTML").
 */
export const SOURCE_RULES = {
  'obsidianmd/commands/no-plugin-id-in-command-id': 'a command id does not repeat the plugin id (Obsidian prefixes it)',
  'obsidianmd/commands/no-default-hotkeys': "a command has no default hotkey (hotkeys are the user's to choose)",
  'obsidianmd/ui/sentence-case': 'every UI string is in sentence case',
  '@microsoft/sdl/no-inner-html':
    'no innerHTML, outerHTML or insertAdjacentHTML (build elements with createEl instead)',
} as const;

export type SourceRule = keyof typeof SOURCE_RULES;

/**
 * The findings of the source rules on one snippet, linted with the options `rules` gives them (take them from the
 * project's config, `ESLint#calculateConfigForFile`, so a sample is judged as src/ is). Type information is not
 * needed by these rules, so a snippet needs no project around it.
 */
export async function lintSourceSample(
  code: string,
  rules: Partial<Record<SourceRule, Linter.RuleEntry>>,
): Promise<string[]> {
  const recommended = [...obsidianmd.configs.recommended];
  const plugins = Object.assign({}, ...recommended.map((config) => config.plugins ?? {})) as Record<
    string,
    ESLint.Plugin
  >;
  const eslint = new ESLint({
    overrideConfigFile: true,
    overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, plugins, rules }],
  });
  const [result] = await eslint.lintText(code, { filePath: 'src/sample.ts' });
  return (result?.messages ?? []).map((message) => `${message.ruleId ?? 'parse'}: ${message.message}`);
}
