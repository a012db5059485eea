import { AgentError, describeError, isAgentError } from '../../errors';
import type { ApprovalDecision, ApprovalPort, ApprovalRequest, RunApproval } from '../../ports/approval';
import type { ToolMeta } from '../../tools/types';
import type { PipelineSettings } from '../types';

/**
 * Commands always need approval, since no undo takes them back; writes do unless the policy is "review" (they are
 * checkpointed and kept or undone afterwards); with the "always" policy, reads do too.
 */
export function needsApproval(meta: ToolMeta, settings: Pick<PipelineSettings, 'approval'>): boolean {
  if (settings.approval === 'always' || meta.risk === 'commands') return true;
  return meta.isWrite && settings.approval !== 'review';
}

/** What the audit line says of a call nobody was asked about: `review` for a write left to be reviewed afterwards. */
export function unaskedNote(meta: ToolMeta, settings: Pick<PipelineSettings, 'approval'>): 'auto' | 'review' {
  return meta.isWrite && settings.approval === 'review' ? 'review' : 'auto';
}

const deny = (reason: string): ApprovalDecision => ({ approved: false, reason });

/** Why a request is refused when nobody can be asked. */
export const NO_APPROVER =
  'no approval handler is connected (is the chat panel closed?), so nothing that changes the vault can run';

/**
 * Asks the person, failing closed: no approval port, a throw, no answer within `timeoutMs`, the run being
 * cancelled, or an answer that is not a clear yes are all a denial with a reason. Never resolves to approved
 * unless the port said exactly that.
 */
export async function askApproval(
  port: ApprovalPort | null,
  request: ApprovalRequest,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<ApprovalDecision> {
  if (!port) return deny(NO_APPROVER);
  // A run stopped for a reason it states (an outside client gone) is refused with that reason, on the card too.
  const cancelled = (): ApprovalDecision => deny(withdrawnBecause(signal) ?? 'the run was cancelled');
  if (signal.aborted) return cancelled();
  const asking = new AbortController();
  const onAbort = (): void => asking.abort(signal.reason);
  signal.addEventListener('abort', onAbort, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Set when no answer came in time: the question is withdrawn with it, so the card says why. */
  let expired: string | null = null;
  try {
    // The cancellation promise exists before the port is called: a view that closes while being asked aborts at once.
    const whenCancelled = new Promise<ApprovalDecision>((resolve) => {
      if (asking.signal.aborted) resolve(cancelled());
      asking.signal.addEventListener('abort', () => resolve(cancelled()), { once: true });
    });
    const timedOut = new Promise<ApprovalDecision>((resolve) => {
      timer = setTimeout(() => {
        expired = `no answer within ${timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} s`}`;
        resolve(deny(expired));
      }, timeoutMs);
    });
    const answer = await Promise.race([
      whenCancelled,
      timedOut,
      Promise.resolve().then(() => port.request(request, asking.signal)),
    ]);
    if (answer?.approved === true && (answer.scope === 'once' || answer.scope === 'run')) return answer;
    if (answer?.approved === false)
      return deny(typeof answer.reason === 'string' && answer.reason ? answer.reason : 'the user rejected it');
    return deny('the approval handler gave no clear answer');
  } catch (error) {
    return deny(`asking for approval failed: ${describeError(error)}`);
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
    asking.abort(expired === null ? undefined : new AgentError('CANCELLED', expired));
  }
}

/**
 * Asks whoever answers a run (`askApproval`, failing closed), the request naming the run's owner when it has one,
 * so each card of a saved action's or an outside client's run says who wants the change.
 */
export function askRunApproval(
  approval: RunApproval,
  request: ApprovalRequest,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<ApprovalDecision> {
  const owner = approval.owner?.();
  return askApproval(
    approval.port(),
    owner === undefined ? request : { ...request, requester: owner },
    signal,
    timeoutMs,
  );
}

export function denialError(tool: string, decision: Extract<ApprovalDecision, { approved: false }>): AgentError {
  return new AgentError('DENIED', `${tool} was not approved: ${decision.reason}. Nothing was changed.`);
}

/**
 * Why the question behind an approval's `signal` was withdrawn, when whoever withdrew it said so: the signal aborts
 * with an AgentError "CANCELLED" whose message is the reason ("no answer within 60 s", "… disconnected before anyone
 * answered"). Null for a plain abort (the run was cancelled).
 */
export function withdrawnBecause(signal: AbortSignal): string | null {
  return signal.aborted && isAgentError(signal.reason, 'CANCELLED') ? signal.reason.message : null;
}
