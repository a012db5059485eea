/**
 * The chat panel for the screenshot page: the real ChatView, RunController and AgentTask over the obsidian double,
 * with a scripted model and a stand-in pipeline (the real one needs the disk for checkpoints) that asks through
 * the panel's approval port exactly as the pipeline does.
 */
import { MarkdownRenderer, MarkdownView, Plugin, type App } from 'obsidian';
import { AgentError } from '../../../src/core/errors';
import { ModeService } from '../../../src/core/modes/ModeService';
import type { LlmEvent, LlmPort, LlmRequest } from '../../../src/core/ports/llm';
import type { AgentServices } from '../../../src/core/session/AgentServices';
import { NO_APPROVAL, type RunApproval } from '../../../src/core/ports/approval';
import type { CallOutcome, RunOptions, RunState, ToolCall } from '../../../src/core/tool-execution/types';
import { builtinTools } from '../../../src/core/tools/builtinTools';
import { ToolRegistry } from '../../../src/core/tools/ToolRegistry';
import { DEFAULT_SETTINGS, withApprovalTimeoutMs } from '../../../src/settings/settings';
import { AgentSession } from '../../../src/core/session/AgentSession';
import { ChatView } from '../../../src/ui/chat/ChatView';
import { CHAT_VIEW_TYPE, type ChatHost } from '../../../src/ui/chat/types';
import { createTestApp, manifest } from '../../obsidian-double/harness';
import { click, getByRole, queryAllByRole } from '../support/a11y';
import { modifyRequest } from '../support/fixtures';

export type ChatShot = 'empty' | 'streaming' | 'approval' | 'log' | 'budget';

const NOTE = 'The garden plan needs a fence, a pond and a herb spiral before the summer.';
const ANSWER =
  'Your **garden plan** lists three projects:\n\n- a fence along the east side\n- a small pond\n- a herb spiral\n\nI can create a note for each in `Garden/Projects`';

/** A renderer for the page: the double's draws nothing. Paragraphs, bullets, bold and code spans, via the DOM. */
function renderLite(markdown: string, el: HTMLElement): void {
  let list: HTMLElement | null = null;
  for (const line of markdown.split('\n')) {
    if (line.trim() === '') {
      list = null;
      continue;
    }
    const bullet = /^\s*- (.*)$/.exec(line);
    const target = bullet ? (list ??= el.createEl('ul')).createEl('li') : el.createEl('p');
    if (!bullet) list = null;
    for (const part of (bullet?.[1] ?? line).split(/(\*\*[^*]+\*\*|`[^`]+`)/)) {
      if (part.startsWith('**') && part.endsWith('**')) target.createEl('strong', { text: part.slice(2, -2) });
      else if (part.startsWith('`') && part.endsWith('`')) target.createEl('code', { text: part.slice(1, -1) });
      else if (part !== '') target.appendText(part);
    }
  }
}

class PageModel implements LlmPort {
  readonly provider = 'page';
  readonly model = 'page-model';
  readonly contextWindow = 200_000;
  // Claude Sonnet's list prices, so the usage lines show an estimated cost as they would with a priced model.
  readonly prices = { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 };
  constructor(
    private readonly replies: LlmEvent[][],
    private readonly hangAtEnd: boolean,
  ) {}
  async *stream(request: LlmRequest): AsyncIterable<LlmEvent> {
    const events = this.replies.shift() ?? [];
    for (const event of events) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      yield event;
    }
    if (this.hangAtEnd && this.replies.length === 0) {
      await new Promise<void>((resolve) => request.signal.addEventListener('abort', () => resolve(), { once: true }));
      throw new AgentError('CANCELLED', 'The request was cancelled');
    }
  }
}

const chunks = (text: string): LlmEvent[] =>
  (text.match(/[\s\S]{1,12}/g) ?? []).map((delta) => ({ type: 'text', delta }));
const toolCall = (id: string, name: string, input: unknown): LlmEvent[] => [
  { type: 'tool-call-start', id, name },
  { type: 'tool-call', id, name, input },
];
const stop = (reason: 'end_turn' | 'tool_use'): LlmEvent[] => [
  { type: 'usage', usage: { inputTokens: 1840, outputTokens: 212, cacheReadTokens: 1200, cacheWriteTokens: 0 } },
  { type: 'stop', reason },
];

function script(shot: ChatShot): PageModel {
  if (shot === 'streaming') return new PageModel([chunks(ANSWER)], true);
  if (shot === 'budget')
    return new PageModel(
      [
        [
          ...chunks('Reading the garden plan first.'),
          ...toolCall('r1', 'vault.readFile', { path: 'Garden/Garden plan.md' }),
          ...stop('tool_use'),
        ],
      ],
      false,
    );
  if (shot === 'approval')
    return new PageModel(
      [
        [
          ...chunks("I will add the reading to this week's review."),
          ...toolCall('w1', 'vault.writeFile', { path: 'Journal/2026-W34.md' }),
          ...stop('tool_use'),
        ],
      ],
      false,
    );
  const titles = ['Fence', 'Pond', 'Herb spiral'];
  return new PageModel(
    [
      [
        ...chunks('Creating a note per project.'),
        ...toolCall('f', 'vault.ensureFolder', { path: 'Garden/Projects' }),
        ...titles
          .map((title, index) => toolCall(`c${index}`, 'vault.createFile', { path: `Garden/Projects/${title}.md` }))
          .flat(),
        ...stop('tool_use'),
      ],
      [...chunks('Created **3 notes** in `Garden/Projects`.'), ...stop('end_turn')],
    ],
    false,
  );
}

function host(app: App, shot: ChatShot): ChatHost {
  const registry = new ToolRegistry(builtinTools());
  const ports = {
    vault: { list: () => Promise.resolve([]) },
    workspace: { activeFilePath: () => 'Garden/Garden plan.md' },
    editor: { snapshot: () => null },
    clock: { now: () => Date.now() },
  };
  const chat: ChatHost = {
    app,
    // The budget shot: a limit the first answer's 3,252 tokens cross, so the run stops before its second call.
    settings: { ...structuredClone(DEFAULT_SETTINGS), ...(shot === 'budget' ? { maxTokensPerRun: 3000 } : {}) },
    approvalPort: null,
    chatHooks: {},
    agentServices: () => Promise.resolve(services),
    llm: () => Promise.resolve(script(shot)),
    modes: () => Promise.resolve(modes),
    pluginFiles: () => ({
      read: () => Promise.resolve(null),
      write: () => Promise.resolve(),
      append: () => Promise.resolve(),
      mtime: () => Promise.resolve(null),
      remove: () => Promise.resolve(),
      list: () => Promise.resolve([]),
    }),
    // The panel's session as the plugin's runtime makes it, over the stand-in services.
    chatSession: (selection) =>
      new AgentSession({
        services: () => chat.agentServices(),
        llm: () => chat.llm(),
        modes: () => chat.modes(),
        settings: () => withApprovalTimeoutMs(chat.settings),
        approval: { port: () => chat.approvalPort },
        files: chat.pluginFiles(),
        knownSecrets: () => [],
        now: () => Date.now(),
        runPrefix: 'chat',
        owner: 'screenshot:1',
        selection,
      }),
  };
  const execute = async (call: ToolCall, run: RunState): Promise<CallOutcome> => {
    const path = (call.input as { path?: string }).path ?? '';
    if (call.name === 'vault.writeFile') {
      const decision = await chat.approvalPort!.request(modifyRequest(), run.signal);
      if (!decision.approved)
        return {
          callId: call.id,
          tool: call.name,
          ok: false,
          content: '',
          durationMs: 1,
          error: { code: 'DENIED', message: 'not approved' },
        };
    }
    if (path.endsWith('Pond.md'))
      return {
        callId: call.id,
        tool: call.name,
        ok: false,
        content: '',
        durationMs: 1,
        error: { code: 'EXISTS', message: `"${path}" already exists` },
      };
    return {
      callId: call.id,
      tool: call.name,
      ok: true,
      output: { path, created: true },
      content: '',
      durationMs: 2,
      checkpoint: `${run.runId}#1`,
    };
  };
  const pipeline = {
    startRun: (
      runId: string,
      options: { signal: AbortSignal; allowedTools?: ReadonlySet<string> | null; ports: RunState['ports'] },
    ) =>
      ({
        runId,
        allowedTools: options.allowedTools ?? null,
        approval: NO_APPROVAL,
        approvedForRun: false,
        callCount: 0,
        signal: options.signal,
        ports: options.ports,
        externalize: false,
      }) as unknown as RunState,
    executeBatch: async (calls: ToolCall[], run: RunState) => {
      const outcomes: CallOutcome[] = [];
      for (const call of calls) outcomes.push(await execute(call, run));
      return outcomes;
    },
    endRun: () => Promise.resolve(),
    approveWidening: () => Promise.resolve(true),
    readablePaths: () => Promise.resolve(() => true),
  };
  // What AgentSession asks of the services (the loop's pipeline, the recipes' and conversations' secrets).
  const services = {
    registry,
    pipeline,
    toolPorts: () => ports,
    runs: (approval: RunApproval) => {
      const runs = {
        approval,
        open: (runId: string, options: RunOptions) =>
          pipeline.startRun(runId, { ...options, ports: options.ports ?? (ports as unknown as RunState['ports']) }),
        end: () => Promise.resolve(),
        ownedBy: () => runs,
      };
      return runs;
    },
    checkpoints: null,
    lastRun: () => Promise.resolve(null),
    knownSecrets: () => [],
    // The recipes' fast path plans over this host; the page's plugin folder holds no recipe, so it never plans.
    planHost: (options: object) => ({
      pipeline,
      registry,
      ports,
      ignore: { ensureLoaded: () => Promise.resolve(), denial: () => null },
      ...options,
    }),
  } as unknown as AgentServices;
  const modes = new ModeService({ gates: () => ({}), activeMode: 'agent' });
  return chat;
}

class PagePlugin extends Plugin {}

export async function mountChat(root: HTMLElement, shot: ChatShot): Promise<void> {
  root.addClass('is-chat');
  root.setCssProps({ height: '620px' });
  const app = createTestApp({ files: { 'Garden/Garden plan.md': NOTE } });
  MarkdownRenderer.render = (_app, markdown, el) => {
    renderLite(markdown, el);
    return Promise.resolve();
  };
  const plugin = new PagePlugin(app, manifest('embedded-agent', 'Embedded Agent'));
  const chatHost = host(app, shot);
  plugin.registerView(CHAT_VIEW_TYPE, (leaf) => new ChatView(leaf, chatHost));
  const noteLeaf = app.workspace.getLeaf(false);
  await noteLeaf.openFile(app.vault.getFileByPath('Garden/Garden plan.md')!, { active: true });
  if (shot === 'streaming')
    (noteLeaf.view as MarkdownView).editor.setSelection({ line: 0, ch: 0 }, { line: 0, ch: NOTE.length });
  const leaf = await app.workspace.ensureSideLeaf(CHAT_VIEW_TYPE, 'right', { active: true });
  const view = leaf.view as ChatView;
  root.appendChild(view.containerEl);
  // Obsidian's own stylesheet makes the leaf content fill the sidebar; the page has only the plugin's.
  view.containerEl.setCssProps({ height: '100%' });
  view.contentEl.setCssProps({ height: '100%' });
  if (shot === 'empty') return;
  const box = getByRole<HTMLTextAreaElement>(view.containerEl, 'textbox', 'Message');
  box.value =
    shot === 'streaming' || shot === 'budget'
      ? 'What does my garden plan need?'
      : shot === 'approval'
        ? "Add Braiding Sweetgrass to this week's reading list"
        : 'Make a note for each project in the garden plan';
  click(getByRole(view.containerEl, 'button', 'Send'));
  const button = (name: string): HTMLButtonElement | undefined =>
    queryAllByRole<HTMLButtonElement>(view.containerEl, 'button', name)[0];
  for (let i = 0; i < 200; i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (shot === 'streaming' && view.containerEl.textContent?.includes('Garden/Projects')) break;
    if (shot === 'approval' && button('Approve')) break;
    if ((shot === 'log' || shot === 'budget') && button('Send')?.disabled === false) break;
  }
  // Let the last frame's scroll and render settle.
  await new Promise((resolve) => setTimeout(resolve, 100));
}
