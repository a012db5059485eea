import ignore, { type Ignore } from 'ignore';
import { AgentError } from '../errors';
import { foldCase } from '../paths/normalizePath';
import type { PathAccess } from '../paths/sandbox';
import type { VaultPort } from '../ports/vault';
import { storedResultsFolder } from './ResultExternalizer';

export const IGNORE_FILE = '.agentignore';
export const PROTECTED_FILE = '.agentprotected';

export interface IgnoreOptions {
  configDir: string;
  /** The plugin's own folder, e.g. ".obsidian/plugins/embedded-agent": neither read nor written. */
  pluginFolder: string;
}

/**
 * Which paths the agent may read and write. Two vault files in gitignore syntax: `.agentignore` (blocked:
 * neither read nor written) and `.agentprotected` (read-only). Built in: every `.git/`, the plugin's own folder
 * (except that a run reads the results it stored in `tmp/<run>/`) and every plugin's folder under
 * `<configDir>/plugins/` (their settings hold API keys) are blocked; the rest of the config folder, `.trash/` and
 * the two rule files themselves are read-only, so the agent cannot loosen its own rules. Matching ignores letter
 * case as macOS and Windows file systems do (`foldCase`).
 */
export class IgnoreService {
  private blocked = new RuleSet('');
  private protectedRules = new RuleSet('');
  private loaded: Promise<void> | null = null;
  private unsubscribe: (() => void) | null = null;
  /** Answers since the rules were last read: a search or listing asks about every note of the vault, every time. */
  private readonly answers = new Map<PathAccess, Map<string, string | null>>();
  /** The built-in folders, case-folded once: `denial` runs for every note a search or listing sees. */
  private readonly folded: { pluginTmp: string; plugin: string; plugins: string; config: string; trash: string };

  constructor(
    private readonly vault: VaultPort,
    private readonly options: IgnoreOptions,
  ) {
    this.folded = {
      pluginTmp: foldCase(`${options.pluginFolder}/tmp`),
      plugin: foldCase(options.pluginFolder),
      plugins: foldCase(`${options.configDir}/plugins`),
      config: foldCase(options.configDir),
      trash: foldCase('.trash'),
    };
  }

  /** Reads the rule files once, and again whenever either changes. */
  ensureLoaded(): Promise<void> {
    if (!this.loaded) {
      this.loaded = this.reload();
      this.unsubscribe = this.vault.onChange((event) => {
        const touched = [event.path, event.type === 'rename' ? event.oldPath : ''];
        if (touched.includes(IGNORE_FILE) || touched.includes(PROTECTED_FILE)) this.loaded = this.reload();
      });
    }
    return this.loaded;
  }

  dispose(): void {
    this.unsubscribe?.();
  }

  private async reload(): Promise<void> {
    this.blocked = new RuleSet(await this.readRules(IGNORE_FILE));
    this.protectedRules = new RuleSet(await this.readRules(PROTECTED_FILE));
    this.answers.clear();
  }

  /**
   * NFC, as the paths it is matched against (a rule typed or pasted on macOS may be decomposed, "e" + U+0301), and
   * case-folded as they are.
   */
  private async readRules(path: string): Promise<string> {
    const entry = await this.vault.stat(path);
    return entry?.kind === 'file' ? foldCase((await this.vault.read(path)).normalize('NFC')) : '';
  }

  /**
   * Why `path` may not be accessed this way, or null when it may. `path` is vault-relative; it may come from a
   * listing, which names files as the disk holds them, so it is NFC-normalized here too. `runId`: the run that asks,
   * which may read the results it stored (`ResultExternalizer`) and no other run's.
   */
  denial(path: string, access: PathAccess, runId?: string): string | null {
    if (runId !== undefined && access === 'read' && this.storedBy(path, runId)) return null;
    let answers = this.answers.get(access);
    if (!answers) {
      answers = new Map();
      this.answers.set(access, answers);
    }
    let answer = answers.get(path);
    if (answer === undefined) {
      answer = this.decide(path, access);
      if (answers.size >= MAX_REMEMBERED) answers.clear();
      answers.set(path, answer);
    }
    return answer;
  }

  private decide(path: string, access: PathAccess): string | null {
    const folded = foldCase(path.normalize('NFC'));
    const within = (folder: string): boolean =>
      folded.startsWith(folder) && (folded.length === folder.length || folded.charCodeAt(folder.length) === 47);
    // Any .git, not only the vault's own: a nested repository's hooks and config run code.
    if (folded.includes('.git') && `/${folded}/`.includes('/.git/'))
      return `"${path}" is inside a .git/ folder, which the agent never touches`;
    if (access === 'read' && within(this.folded.pluginTmp))
      return `"${path}" is a result another run stored, and only the run that stored it may read it`;
    if (within(this.folded.plugin)) return `"${path}" is the plugin's own data, which the agent never touches`;
    // Other plugins keep their settings in data.json there, API keys and tokens among them, in plain text.
    if (within(this.folded.plugins)) {
      return `"${path}" is in ${this.options.configDir}/plugins/, where each plugin keeps its settings, API keys among them, so the agent neither reads nor writes it`;
    }
    if (this.blocked.matches(folded))
      return `"${path}" is listed in ${IGNORE_FILE}, so the agent may neither read nor write it`;
    if (access === 'read') return null;
    if (within(this.folded.config))
      return `"${path}" is in the config folder ${this.options.configDir}/, which is read-only for the agent`;
    if (within(this.folded.trash)) return `"${path}" is in .trash/, which is read-only for the agent`;
    if (folded === IGNORE_FILE || folded === PROTECTED_FILE)
      return `"${path}" holds the agent's own access rules and is read-only for it`;
    if (this.protectedRules.matches(folded))
      return `"${path}" is listed in ${PROTECTED_FILE}, so it is read-only for the agent`;
    return null;
  }

  /** Whether `path` is inside the folder where run `runId` stores its long results. */
  private storedBy(path: string, runId: string): boolean {
    const folder = foldCase(`${this.options.pluginFolder}/${storedResultsFolder(runId)}/`);
    return foldCase(path.normalize('NFC')).startsWith(folder);
  }

  /** Throws a `FORBIDDEN_PATH` AgentError naming the path and the rule; `runId` as for `denial`. */
  assertAllowed(path: string, access: PathAccess, field = 'path', runId?: string): void {
    const why = this.denial(path, access, runId);
    if (why) throw new AgentError('FORBIDDEN_PATH', `Refused ${field}: ${why}`, { path, field });
  }
}

/** Above this many remembered answers, a rule set starts over (a vault's paths are finite; a bound is cheap). */
const MAX_REMEMBERED = 200_000;

/**
 * One rule file, compiled, with its answers remembered: a search or listing asks for every note of the vault, and
 * the `ignore` matcher costs microseconds a path (80 ms over 10k notes, even with no rules at all).
 */
class RuleSet {
  private readonly rules: Ignore;
  private readonly empty: boolean;
  private readonly known = new Map<string, boolean>();

  constructor(text: string) {
    this.rules = ignore().add(text);
    this.empty = !text.split('\n').some((line) => line.trim() !== '' && !line.trim().startsWith('#'));
  }

  matches(path: string): boolean {
    if (this.empty) return false;
    let hit = this.known.get(path);
    if (hit === undefined) {
      hit = matches(this.rules, path);
      if (this.known.size >= MAX_REMEMBERED) this.known.clear();
      this.known.set(path, hit);
    }
    return hit;
  }
}

/** A path matches when it or any of its parent folders does ("Private/" blocks "Private/a/b.md"). */
function matches(rules: Ignore, path: string): boolean {
  if (path === '/' || path === '') return false;
  const segments = path.split('/');
  for (let i = 1; i <= segments.length; i++) {
    const prefix = segments.slice(0, i).join('/');
    if (rules.ignores(prefix) || (i < segments.length && rules.ignores(`${prefix}/`))) return true;
  }
  return rules.ignores(`${path}/`);
}
