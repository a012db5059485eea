import type { ApprovalDecision, ApprovalPort, ApprovalRequest } from '../ports/approval';
import { NO_APPROVER } from '../tool-execution/stages/approval';

/**
 * One approval port for services shared by several sessions: each request goes to the port of the session that owns
 * its run (an outside client's, which asks as that client), and any other to the shell's own (the chat panel's).
 * With neither, it is refused as if no port were connected.
 */
export class RunApprovals implements ApprovalPort {
  private readonly byRun = new Map<string, ApprovalPort>();

  constructor(private readonly fallback: () => ApprovalPort | null) {}

  /** Sends the approvals of `runId` to `port` until the returned function is called. */
  route(runId: string, port: ApprovalPort): () => void {
    this.byRun.set(runId, port);
    return () => {
      if (this.byRun.get(runId) === port) this.byRun.delete(runId);
    };
  }

  request(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalDecision> {
    const port = this.byRun.get(request.runId) ?? this.fallback();
    return port ? port.request(request, signal) : Promise.resolve({ approved: false, reason: NO_APPROVER });
  }
}
