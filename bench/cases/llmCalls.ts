import { createSavedAction, runSavedAction, type ActionPlan } from '../../src/core/plan';
import type { RecordedRequest } from '../../test/builders/scriptedModel';
import { callsReply, ScriptedModel, textReply } from '../../test/builders/scriptedModel';
import { tryFastPath } from '../../src/core/recipes/FastPath';
import { buildAgent } from '../../test/core/agent/harness';
import { BULLETS_PLAN, bulletsFastPathSetup } from '../../test/builders/fastPath';
import { ScriptedApproval } from '../../test/builders/pipeline';
import type { BenchRow } from '../measure';

const TASK = 'Create a note for every bullet of the selection in folder Travel';

/** Tokens sent, estimated as characters / 4 of system prompt, history and tool definitions of every request. */
function tokensSent(requests: readonly RecordedRequest[]): number {
  const chars = requests.reduce(
    (sum, request) =>
      sum + request.system.length + JSON.stringify(request.messages).length + JSON.stringify(request.tools).length,
    0,
  );
  return Math.round(chars / 4);
}

/**
 * The spec's bullets-to-notes task three ways: the agent loop (one model call per step, as a model that calls one
 * tool at a time would), the fast path from a proven recipe, and a saved action. Model calls and tokens sent.
 */
export async function llmCallsBench(): Promise<BenchRow[]> {
  const area = 'bullets → notes (2 bullets)';

  const loop = buildAgent({
    files: { 'Inbox.md': '- Lisbon\n- Porto\n' },
    approval: new ScriptedApproval(() => ({ approved: true, scope: 'run' })),
    replies: [
      callsReply([{ name: 'editor.getSelection' }]),
      callsReply([{ name: 'util.parseMarkdownBullets', input: { text: '- Lisbon\n- Porto' } }]),
      callsReply([{ name: 'vault.ensureFolder', input: { path: 'Travel' } }]),
      callsReply([
        { name: 'vault.createFile', input: { path: 'Travel/Lisbon.md', content: '# Lisbon\n' } },
        { name: 'vault.createFile', input: { path: 'Travel/Porto.md', content: '# Porto\n' } },
      ]),
      callsReply([{ name: 'agent.attemptCompletion', input: { result: 'Created two notes in Travel.' } }]),
    ],
  });
  await loop.run(TASK);

  const fast = await bulletsFastPathSetup(3);
  const fastModel = new ScriptedModel([
    textReply(JSON.stringify(BULLETS_PLAN)),
    textReply('Created two notes in Travel.'),
  ]);
  const fastOutcome = await tryFastPath({
    llm: fastModel,
    recipes: fast.recipes,
    host: fast.host,
    message: TASK,
    runId: 'bench-fast',
    signal: new AbortController().signal,
    maxTokens: 2000,
  });
  await fast.cleanup();

  const saved = await bulletsFastPathSetup(0);
  const action = createSavedAction({ name: 'Bullets to Travel notes', plan: BULLETS_PLAN as ActionPlan, now: 0 }, []);
  const savedOutcome = await runSavedAction(action, saved.host, {
    runId: 'bench-saved',
    signal: new AbortController().signal,
  });
  const savedOk = savedOutcome.status === 'ran' && Object.keys(saved.vault.dump()).includes('Travel/Porto.md');
  await saved.cleanup();

  return [
    {
      area,
      measure: 'agent loop: model calls / tokens sent',
      result: `${loop.model.requests.length} calls, ~${tokensSent(loop.model.requests).toLocaleString('en')} tokens`,
      target: '–',
      met: null,
    },
    {
      area,
      measure: 'fast path (recipe proven 3 times): model calls / tokens sent',
      result: `${fastModel.requests.length} calls, ~${tokensSent(fastModel.requests).toLocaleString('en')} tokens (${fastOutcome.status})`,
      target: '≤ 2 calls',
      met: fastOutcome.status === 'done' && fastModel.requests.length <= 2,
    },
    {
      area,
      measure: 'saved action: model calls / network requests',
      result: `0 calls, 0 requests (${savedOk ? 'notes created' : 'FAILED'})`,
      target: '0',
      met: savedOk,
    },
  ];
}
