import { describe, expect, it } from 'vitest';
import { bindPlan } from '../../../src/core/plan/bindings';
import { runPlan } from '../../../src/core/plan/runPlan';
import type { ActionPlan } from '../../../src/core/plan/types';
import { buildPlanHost, type PlanFixture } from '../../builders/planHost';
import { bulletsTemplate, findTodos } from './plans';

const start = (fixture: PlanFixture, plan: ActionPlan) =>
  runPlan(plan, fixture.host, {
    runId: 'run-7',
    signal: new AbortController().signal,
    bindings: bindPlan(plan, { selection: '- Alpha\n- Beta', activeFile: null, now: fixture.clock.now() }).bindings,
  });

describe('runPlan', () => {
  it('should ask once for a plan that writes, showing its preview, and not again for its calls', async () => {
    const fixture = await buildPlanHost();
    const outcome = await start(fixture, bulletsTemplate());
    expect(outcome.status).toBe('ran');
    expect(fixture.approval.requests.map((request) => [request.runId, request.tool, request.summary])).toEqual([['run-7', 'plan', 'Run plan "Create a note per selected bullet": 2 created, 1 folder']]);
    expect(fixture.audit().filter((line) => line.runId === 'run-7').map((line) => line.approval)).toEqual(['approved-for-run', 'approved-for-run', 'approved-for-run']);
    expect(Object.keys(fixture.vault.dump())).toEqual(['Inbox/Alpha.md', 'Inbox/Beta.md']);
  });

  it('should run a read-only plan at once when only writes need approval', async () => {
    const fixture = await buildPlanHost({ files: { 'a.md': 'TODO: x' } });
    const outcome = await start(fixture, findTodos());
    expect(outcome).toMatchObject({ status: 'ran', dryRun: null, result: { status: 'completed' } });
    expect(fixture.approval.requests).toEqual([]);
  });

  it('should confirm even a read-only plan when every call needs approval, asking for its reads during the dry run', async () => {
    const fixture = await buildPlanHost({ files: { 'a.md': 'TODO: x' }, settings: { approval: 'always' } });
    const outcome = await start(fixture, findTodos());
    expect(outcome.status).toBe('ran');
    expect(fixture.approval.requests.map((request) => `${request.runId} ${request.tool}`)).toEqual(['run-7-preview vault.searchText', 'run-7 plan']);
  });

  it('should fail closed: with nobody to ask, the plan is rejected and nothing is written', async () => {
    const fixture = await buildPlanHost({ approval: null });
    const outcome = await start(fixture, bulletsTemplate());
    expect(outcome).toMatchObject({ status: 'rejected', reason: 'no approval handler is connected (is the chat panel closed?), so nothing that changes the vault can run' });
    expect(fixture.vault.dump()).toEqual({});
  });
});
