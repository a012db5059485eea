import { AgentError } from '../errors';
import { TOOL_METADATA } from '../tools/metadata';
import type { ToolMeta } from '../tools/types';
import { BUILTIN_MODES, DEFAULT_MODE_SLUG } from './builtinModes';
import type { GateSettings, ModeConfig } from './types';

export interface ModeServiceOptions {
  /** The settings switches tools can need; read at each call, since the user can flip them any time. */
  gates: () => GateSettings;
  /** The tools to expand groups into; the metadata table unless a test or an extension passes more. */
  catalog?: () => readonly ToolMeta[];
  globalModes?: readonly ModeConfig[];
  vaultModes?: readonly ModeConfig[];
  /** Per mode slug, the only tools it may keep (an allowlist that can only narrow the mode's groups). */
  toolOverrides?: Readonly<Record<string, readonly string[]>>;
  /** The saved active mode; unknown slugs fall back to Ask. */
  activeMode?: string;
  /** Called after the active mode or an override changes, to persist them. */
  onChange?: (state: { activeMode: string; toolOverrides: Record<string, string[]> }) => void;
}

/**
 * Which modes exist and which tools each one allows. Modes resolve built-in → global → vault: a later source
 * replaces a mode with the same slug. A mode's tools are its groups expanded from the metadata table, narrowed by
 * its override, minus tools whose settings switch is off. The model is only ever sent these tools.
 */
export class ModeService {
  private globalModes: readonly ModeConfig[];
  private vaultModes: readonly ModeConfig[];
  private readonly overrides = new Map<string, readonly string[]>();
  private activeSlug: string;

  constructor(private readonly options: ModeServiceOptions) {
    this.globalModes = options.globalModes ?? [];
    this.vaultModes = options.vaultModes ?? [];
    for (const [slug, tools] of Object.entries(options.toolOverrides ?? {})) this.overrides.set(slug, [...tools]);
    this.activeSlug = options.activeMode ?? DEFAULT_MODE_SLUG;
  }

  setGlobalModes(modes: readonly ModeConfig[]): void {
    this.globalModes = modes;
  }

  setVaultModes(modes: readonly ModeConfig[]): void {
    this.vaultModes = modes;
  }

  /** Every mode, built-ins first (replaced in place when overridden), then global, then vault modes. */
  listModes(): ModeConfig[] {
    const bySlug = new Map<string, ModeConfig>();
    for (const mode of [...BUILTIN_MODES, ...this.globalModes, ...this.vaultModes]) bySlug.set(mode.slug, mode);
    return [...bySlug.values()];
  }

  getMode(slug: string): ModeConfig | undefined {
    return this.listModes().find((mode) => mode.slug === slug);
  }

  /** The mode for `slug`, or an AgentError `NOT_FOUND` that lists the modes there are. */
  requireMode(slug: string): ModeConfig {
    const mode = this.getMode(slug);
    if (!mode) {
      throw new AgentError(
        'NOT_FOUND',
        `Unknown mode "${slug}". Modes: ${this.listModes()
          .map((m) => m.slug)
          .join(', ')}`,
        { mode: slug },
      );
    }
    return mode;
  }

  /** The mode for a saved slug; Ask when that mode no longer exists (or no slug was saved). */
  resolve(slug: string | undefined): ModeConfig {
    return (slug === undefined ? undefined : this.getMode(slug)) ?? this.requireMode(DEFAULT_MODE_SLUG);
  }

  getActiveMode(): ModeConfig {
    return this.resolve(this.activeSlug);
  }

  setActiveMode(slug: string): ModeConfig {
    const mode = this.requireMode(slug);
    this.activeSlug = mode.slug;
    this.changed();
    return mode;
  }

  /** The tools `mode` allows now: its groups, narrowed by its override, without tools switched off in settings. */
  toolNames(mode: ModeConfig | string): string[] {
    const config = typeof mode === 'string' ? this.requireMode(mode) : mode;
    const override = this.overrides.get(config.slug);
    const gates = this.options.gates();
    return this.groupTools(config)
      .filter((meta) => override === undefined || override.includes(meta.name))
      .filter((meta) => meta.gate === undefined || gates[meta.gate] === true)
      .map((meta) => meta.name);
  }

  /**
   * Keeps only `tools` in the mode (null removes the override). Naming a tool outside the mode's groups is an
   * error: an override narrows a mode, it never grants more.
   */
  setModeToolOverride(slug: string, tools: readonly string[] | null): void {
    const mode = this.requireMode(slug);
    if (tools === null) {
      this.overrides.delete(mode.slug);
    } else {
      const inGroups = new Set(this.groupTools(mode).map((meta) => meta.name));
      const outside = tools.filter((name) => !inGroups.has(name));
      if (outside.length > 0) {
        throw new AgentError(
          'NOT_ALLOWED',
          `Mode "${mode.slug}" cannot be given ${outside.join(', ')}: overrides can only remove tools from the mode's groups (${mode.toolGroups.join(', ')})`,
          { mode: mode.slug, tools: outside },
        );
      }
      this.overrides.set(mode.slug, [...tools]);
    }
    this.changed();
  }

  getModeToolOverride(slug: string): readonly string[] | undefined {
    return this.overrides.get(slug);
  }

  /** Whether `child` can do nothing that `parent` cannot: its tools are a subset of the parent's. */
  isNoStrongerThan(child: ModeConfig | string, parent: ModeConfig | string): boolean {
    const allowed = new Set(this.toolNames(parent));
    return this.toolNames(child).every((name) => allowed.has(name));
  }

  private groupTools(mode: ModeConfig): readonly ToolMeta[] {
    const groups = new Set<string>(mode.toolGroups);
    return (this.options.catalog?.() ?? TOOL_METADATA).filter((meta) => groups.has(meta.group));
  }

  private changed(): void {
    this.options.onChange?.({
      activeMode: this.activeSlug,
      toolOverrides: Object.fromEntries([...this.overrides].map(([slug, tools]) => [slug, [...tools]])),
    });
  }
}
