import { AgentError, describeError, isAgentError } from '../errors';
import type { RunAuthor } from '../checkpoints/types';
import type { ModeService } from '../modes/ModeService';
import type { SavedAction } from '../plan/savedActions';
import type { ApprovalPort, RunApproval } from '../ports/approval';
import type { VaultEntry } from '../ports/vault';
import { redactTextForReader } from '../tool-execution/redact';
import { storedResultPath } from '../tool-execution/ResultExternalizer';
import { checkPaths } from '../tool-execution/stages/checkPaths';
import type { RunState } from '../tool-execution/types';
import { readsOnly, toolHints } from '../tools/hints';
import { offeredTools } from '../tools/offered';
import type { DriverKind } from '../tools/types';
import { toolMeta } from '../tools/metadata';
import { toWireName } from '../tools/wireNames';
import type { AgentServices } from './AgentServices';
import type { AgentSession } from './AgentSession';
import { disconnectedText, type OutsideApprovalMode, type OutsideAsker, outsideApprovalPort } from './outsideApproval';
import {
  type OutsideResult,
  type OutsideTool,
  runSavedActionTool,
  SAVED_ACTION_TOOL_PREFIX,
  savedActionToolNames,
  savedActionTools,
} from './outsideSavedActions';

/**
 * Opens the session an outside driver drives (the runtime's): its runs ask `approval` and name its owner, their
 * ids start with `runPrefix`.
 */
export type SessionFactory = (options: {
  runPrefix: string;
  approval: RunApproval;
  author?: () => RunAuthor;
}) => AgentSession;

export interface OutsideDriverOptions {
  services: AgentServices;
  modes: ModeService;
  /** Opens the session this driver drives: the runtime's, as every driver's. */
  session: SessionFactory;
  approval: OutsideApprovalMode;
  /** How the person is asked through the client, for `ask`. */
  asker: OutsideAsker;
  /** The client's name as it introduced itself ("claude-code"), for the approval form. */
  clientName: () => string;
  /** Who the client's runs are made by in the Changes view; an MCP client's reported name when absent. */
  clientAuthor?: () => RunAuthor;
  /**
   * Which outside driver this is: served inside the app (its editor and workspace are the ones the person sees) or
   * from the terminal (in memory, with nothing open). The metadata table says what each is offered.
   */
  driver: Exclude<DriverKind, 'model'>;
  /**
   * Called when the tools offered changed after a list of them was answered: the saved actions came too late for
   * it (see `tools`). An MCP server tells its client (notifications/tools/list_changed).
   */
  onToolsChanged?: () => void;
  /**
   * What writes wait for, and reads do not: the shell's start-up work on the audit (marking interrupted runs
   * rewrites the file a write's started line goes to), done while the client's first requests are answered.
   */
  writesAfter?: Promise<unknown>;
}

/**
 * How long a list of the tools waits for the saved actions before it is answered without them (or with the last
 * ones loaded); `onToolsChanged` then says when they came. A client starts its work once it has the list: a
 * data.json that does not come (a synced folder still downloading, a stalled disk) must not keep the vault's own
 * tools from it. Loading them takes well under this (the first load, which compiles their schemas, 0.1-0.7 s on a
 * busy two-core machine), and clients that ignore the change notice should still see them.
 */
export const SAVED_ACTIONS_WAIT_MS = 2_000;

/** How many notes one page of `listNotes` holds. */
export const NOTES_PAGE = 500;

/** Tools that steer the agent loop itself: an outside client is its own loop. */
const LOOP_GROUP = 'agent';

/**
 * The outside client's driver of a session (an MCP client: Claude Code, Codex, …): the session is the one every
 * driver drives, and the client's connection is ONE run of it, from `start` to `end`, in which each call goes
 * through the chat panel's `ToolExecutionPipeline` (sandbox and ignore rules, approval failing closed, a checkpoint
 * before each write, the audit line), so "Revert last run" and the terminal's /revert undo what the client did. It
 * offers the current mode's tools the metadata table offers this driver, under the providers' wire names, and the
 * saved actions as tools, run on the session's saved-action path under the same approval; its writes take turns in
 * the session's write queue. Shells translate; nothing here knows MCP.
 */
export class OutsideDriver {
  readonly session: AgentSession;
  readonly runId: string;
  /** Who answers this client's runs (its own, and its saved actions'), failing closed. */
  readonly approvalPort: ApprovalPort;
  private run: Promise<RunState> | null = null;
  private ended = false;
  /** The mode's tools as last offered, and what they were worked out from (see `modeTools`). */
  private offered: { key: string; names: string[]; tools: OutsideTool[] } | null = null;
  /** Calls under way: `end` waits for them, so a call cut off by a disconnect still gets its audit line in the run. */
  private readonly inFlight = new Set<Promise<OutsideResult>>();
  private readonly controller = new AbortController();
  /** Aborted once the client has gone: nobody can answer an approval any more, though calls already made finish. */
  private readonly clientGone = new AbortController();
  /** The saved actions as tools as last loaded, and the load under way (one at a time). */
  private savedTools: OutsideTool[] = [];
  private loadingSaved: Promise<OutsideTool[]> | null = null;
  private writeSignal: AbortSignal | null = null;
  private ending: Promise<void> | null = null;
  /** The sorted visible files of the resource listing under way (see `listNotes`). */
  private walk: VaultEntry[] | null = null;
  constructor(private readonly o: OutsideDriverOptions) {
    this.approvalPort = outsideApprovalPort(
      o.approval,
      o.asker,
      o.clientName,
      this.clientGone.signal,
      () => this.writeSignal,
    );
    const approval: RunApproval = { port: () => this.approvalPort, owner: o.clientName };
    this.session = o.session({ runPrefix: 'mcp', approval, ...(o.clientAuthor ? { author: o.clientAuthor } : {}) });
    this.runId = this.session.runIds.next('mcp');
    // The host's start-up work on the audit goes first in the write queue: reads do not wait for it.
    if (o.writesAfter) void this.session.writes.inTurn(() => o.writesAfter as Promise<unknown>);
  }

  /** Whether `runId` is this session's run (the one a client's connection keeps open). */
  ownsRun(runId: string): boolean {
    return runId === this.runId;
  }

  /** Opens the session's run, and starts loading the saved actions for the first list of tools; calls before it are refused. */
  start(): void {
    if (this.run) return;
    void this.loadSavedActionTools().catch(() => undefined);
    this.run = this.session
      .runs()
      .then((runs) =>
        runs.open(this.runId, { signal: this.controller.signal, allowedTools: new Set(this.toolNames()) }),
      );
  }

  /** Whether a call is under way, a write waiting for its approval or its turn among them. */
  busy(): boolean {
    return this.inFlight.size > 0;
  }

  /** The client has gone: an approval being asked, or asked from now on, is refused; calls already made finish. */
  clientLeft(): void {
    this.clientGone.abort();
  }

  /**
   * Ends the run: anything waiting is cancelled, stored results go, the audit is flushed, checkpoints pruned. Every
   * caller (the transport closing, the server stopping) waits for the same ending.
   */
  end(): Promise<void> {
    this.ending ??= this.endOnce();
    return this.ending;
  }

  private async endOnce(): Promise<void> {
    this.clientGone.abort();
    // With its reason: an approval the run's end cuts short is refused as the client having gone, card and audit alike.
    this.controller.abort(new AgentError('CANCELLED', disconnectedText(this.o.clientName())));
    await Promise.allSettled([...this.inFlight]);
    const run = this.run;
    this.ended = true;
    if (run) await (await this.session.runs()).end(await run);
  }

  /** The canonical names of the tools offered: the mode's, gated by the settings, as the table offers this driver. */
  private toolNames(): string[] {
    return this.offeredNow().names;
  }

  /**
   * The mode's tools offered now, worked out once and again only when what they come from changed: the active mode,
   * its tools (an override, a settings gate). A client asks on every call.
   */
  private offeredNow(): { names: string[]; tools: OutsideTool[] } {
    const { modes, services } = this.o;
    const mode = modes.getActiveMode();
    const allowed = modes.toolNames(mode);
    const key = `${mode.slug}|${allowed.join(',')}`;
    if (this.offered?.key === key) return this.offered;
    const names = offeredTools(allowed, this.o.driver, services.registry).filter(
      (name) =>
        this.o.approval !== 'writes-refused' ||
        readsOnly(services.registry.get(name)?.meta ?? { risk: 'commands', isWrite: true }),
    );
    const tools = services.registry.getFilteredToolDefinitions(names, { includeDeferred: true }).map((definition) => {
      const meta = toolMeta(definition.name);
      if (!meta) throw new AgentError('INTERNAL', `${definition.name} has no row in the metadata table`);
      return {
        wireName: toWireName(definition.name),
        description: definition.description,
        inputSchema: definition.inputSchema,
        hints: toolHints(meta),
        target: { kind: 'tool', name: definition.name } as const,
      };
    });
    this.offered = { key, names, tools };
    return this.offered;
  }

  /**
   * Every tool the client may call now: the mode's tools (deferred ones included), then the saved actions whose
   * every step is one of them.
   */
  async tools(): Promise<OutsideTool[]> {
    return [...this.modeTools(), ...(await this.savedActionToolsSoon())];
  }

  /**
   * The saved actions as tools, read afresh (data.json may have changed), waiting for them at most
   * `SAVED_ACTIONS_WAIT_MS`: past that, the last ones loaded, and `onToolsChanged` once the fresh ones are in.
   */
  private async savedActionToolsSoon(): Promise<OutsideTool[]> {
    const loading = this.loadSavedActionTools();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), SAVED_ACTIONS_WAIT_MS)));
    const loaded = await Promise.race([loading, late]).finally(() => clearTimeout(timer));
    if (loaded) return loaded;
    loading.then(
      () => this.o.onToolsChanged?.(),
      () => undefined,
    );
    return this.savedTools;
  }

  /** Loads the saved actions as tools, or joins the load under way. */
  private loadSavedActionTools(): Promise<OutsideTool[]> {
    this.loadingSaved ??= savedActionTools(this.session, new Set(this.toolNames()))
      .then((tools) => (this.savedTools = tools))
      .finally(() => (this.loadingSaved = null));
    return this.loadingSaved;
  }

  /** The mode's tools, from the registry alone (no file read: this is looked at on every call). */
  private modeTools(): OutsideTool[] {
    return this.offeredNow().tools;
  }

  /**
   * Runs one call by its wire name; every failure is a result whose text names what was wrong. `signal` is the
   * client's cancel of this call: a write not yet started is not run, and its approval question is withdrawn.
   */
  call(wireName: string, args: unknown, signal?: AbortSignal): Promise<OutsideResult> {
    const run = this.run;
    if (!run || this.ended || this.controller.signal.aborted)
      return Promise.resolve({ ok: false, code: 'CANCELLED', text: `${wireName} was not run: the session has ended` });
    const call = this.callIn(run, wireName, args, signal ?? null);
    this.inFlight.add(call);
    void call.finally(() => this.inFlight.delete(call));
    return call;
  }

  private async callIn(
    opening: Promise<RunState>,
    wireName: string,
    args: unknown,
    signal: AbortSignal | null,
  ): Promise<OutsideResult> {
    try {
      const run = await opening;
      // Only a saved action's name needs the saved actions read (from data.json in the terminal).
      const candidates = wireName.startsWith(SAVED_ACTION_TOOL_PREFIX)
        ? await this.loadSavedActionTools()
        : this.modeTools();
      const tool = candidates.find((candidate) => candidate.wireName === wireName);
      if (!tool) return { ok: false, code: 'UNKNOWN_TOOL', text: await this.notOffered(wireName) };
      return tool.hints.readOnly
        ? await this.execute(run, tool, wireName, args)
        : await this.inTurn(signal, () => this.execute(run, tool, wireName, args));
    } catch (error) {
      return {
        ok: false,
        code: isAgentError(error) ? error.code : 'INTERNAL',
        text: `${wireName} failed: ${describeError(error)}`,
      };
    }
  }

  /**
   * Runs a write (or a saved action) in the session's write queue, once the writes before it are done, unless its
   * call was cancelled meanwhile.
   */
  private inTurn(signal: AbortSignal | null, write: () => Promise<OutsideResult>): Promise<OutsideResult> {
    return this.session.writes.inTurn(async (): Promise<OutsideResult> => {
      if (signal?.aborted)
        return { ok: false, code: 'CANCELLED', text: 'The call was cancelled before it ran: nothing was changed' };
      this.writeSignal = signal;
      try {
        return await write();
      } finally {
        this.writeSignal = null;
      }
    });
  }

  private async execute(run: RunState, tool: OutsideTool, wireName: string, args: unknown): Promise<OutsideResult> {
    if (tool.target.kind === 'saved-action') {
      const values =
        args !== null && typeof args === 'object' && !Array.isArray(args) ? (args as Record<string, unknown>) : {};
      const result = await runSavedActionTool(
        this.session,
        wireName,
        tool.target.id,
        values,
        new Set(this.toolNames()),
        this.controller.signal,
      );
      // A prompt action's message holds the selection or note it was bound from: the client reads it as a result.
      return { ...result, text: redactTextForReader(result.text, this.o.services.knownSecrets()) };
    }
    const outcome = await (await this.session.runs()).call(run, tool.target.name, args ?? {});
    if (!outcome.ok)
      return {
        ok: false,
        code: outcome.error?.code ?? 'INTERNAL',
        text: outcome.error?.message ?? `${wireName} failed`,
      };
    const stored = storedResultPath(outcome.content);
    return { ok: true, text: outcome.content, ...(stored ? { storedResult: stored } : {}) };
  }

  /** Why a name is not offered: a mode or a switch that leaves it out says so, with what would offer it. */
  private async notOffered(wireName: string): Promise<string> {
    const known = this.o.services.registry.names().find((name) => toWireName(name) === wireName);
    const offered = (await this.tools()).map((tool) => tool.wireName).join(', ');
    const action = known === undefined ? await this.savedActionNamed(wireName) : null;
    if (action) {
      const missing = [...new Set(action.kind === 'prompt' ? [] : action.plan.steps.map((step) => step.tool))].filter(
        (tool) => !this.toolNames().includes(tool),
      );
      return `${wireName} is not offered: the saved action "${action.name}" calls ${missing.join(', ')}, which this session does not offer (mode "${this.o.modes.getActiveMode().slug}"${this.o.approval === 'writes-refused' ? ', writes refused' : ''}). Tools offered: ${offered}`;
    }
    if (known === undefined) return `Unknown tool "${wireName}". Tools offered: ${offered}`;
    const meta = toolMeta(known);
    let why = `it is not in the mode "${this.o.modes.getActiveMode().slug}" (start the server with --mode agent for writes)`;
    if (meta?.group === LOOP_GROUP) why = "it steers the panel's own agent loop, which an outside client does not use";
    else if (this.o.approval === 'writes-refused' && meta && !readsOnly(meta))
      why = 'the server offers reads only (its approval is writes-refused)';
    else if (meta && !meta.offeredTo.includes(this.o.driver))
      why = 'this server has no Obsidian editor or workspace to act on';
    else if (meta?.gate === 'allowDeletes') why = 'deletes and renames are off (start the server with --allow-deletes)';
    else if (meta?.gate === 'allowCommands') why = 'commands are off (start the server with --allow-commands)';
    return `${wireName} is not offered: ${why}. Tools offered: ${offered}`;
  }

  /** The saved action a client called by `wireName`, offered or not; null when none has that name. */
  private async savedActionNamed(wireName: string): Promise<SavedAction | null> {
    if (!wireName.startsWith(SAVED_ACTION_TOOL_PREFIX)) return null;
    const { actions } = await this.session.savedActions();
    const names = await savedActionToolNames(actions.map((action) => action.id));
    return actions.find((action) => names.get(action.id) === wireName) ?? null;
  }

  /**
   * One page of the vault's files the ignore rules let the agent read, by path, after `cursor` (the last path of
   * the page before); hidden entries (a name starting with ".") are left out, as in Obsidian's file list. The vault
   * is listed and sorted once per walk (a page without a cursor starts one); each page then finds its cursor by
   * binary search and applies the ignore rules, as they are now, to its own entries only, so a walk through the
   * whole vault costs about one listing, not one a page.
   */
  async listNotes(
    cursor: string | null,
    pageSize = NOTES_PAGE,
  ): Promise<{ notes: VaultEntry[]; nextCursor: string | null }> {
    const { ignore } = this.o.services;
    await ignore.ensureLoaded();
    if (cursor === null || this.walk === null) {
      const visible = (await this.o.services.ports.vault.list('/', true)).filter(
        (entry) => entry.kind === 'file' && !entry.path.split('/').some((name) => name.startsWith('.')),
      );
      this.walk = visible.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    }
    const files = this.walk;
    const readable = (entry: VaultEntry): boolean => ignore.denial(entry.path, 'read') === null;
    let next = cursor === null ? 0 : firstAfter(files, cursor);
    const notes: VaultEntry[] = [];
    for (; next < files.length && notes.length < pageSize; next++) {
      const entry = files[next] as VaultEntry;
      if (readable(entry)) notes.push(entry);
    }
    let more = false;
    for (let rest = next; rest < files.length && !more; rest++) more = readable(files[rest] as VaultEntry);
    const last = notes[notes.length - 1];
    return { notes, nextCursor: more && last ? last.path : null };
  }

  /**
   * A file's text (or bytes) for a client's resource read, held to vault.readFile's path stage: the sandbox and the
   * ignore rules, also where a symlink leads. A stored result of this session is readable as it is to the model, and
   * no other run's. Text comes with secrets redacted, as a tool's result does.
   */
  async readNote(path: string): Promise<{ path: string; text: string } | { path: string; bytes: Uint8Array }> {
    const { vault } = this.o.services.ports;
    const meta = toolMeta('vault.readFile');
    if (!meta) throw new AgentError('INTERNAL', 'vault.readFile has no row in the metadata table');
    await this.o.services.ignore.ensureLoaded();
    await checkPaths(meta, { path }, [], this.o.services.ignore, vault, this.runId);
    const entry = await vault.stat(path);
    if (!entry) throw new AgentError('NOT_FOUND', `No file at "${path}"`, { path });
    if (entry.kind !== 'file') throw new AgentError('NOT_A_FILE', `"${path}" is a folder; read a file in it`, { path });
    const bytes = await vault.readBinary(entry.path);
    const text = decodeUtf8(bytes);
    return text === null
      ? { path: entry.path, bytes }
      : { path: entry.path, text: redactTextForReader(text, this.o.services.knownSecrets()) };
  }
}

/** The index of the first of `files` (sorted by path) whose path sorts after `path`. */
function firstAfter(files: readonly VaultEntry[], path: string): number {
  let low = 0;
  let high = files.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((files[middle] as VaultEntry).path > path) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** The text when the bytes are valid UTF-8 without NUL (a note), null for anything else (an image, a PDF). */
function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return text.includes('\u0000') ? null : text;
  } catch {
    return null;
  }
}
