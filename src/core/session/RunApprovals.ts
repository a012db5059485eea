import type { ApprovalDecision, ApprovalPort, ApprovalRequest } from '../ports/approval';
import { NO_APPROVER } from '../tool-execution/stages/approval';

/**
 * One approval port for services shared by several sessions: each request goes to the port of the session that owns
 * its run (an outside client's, which asks as that client), and any other to the shell's own (the chat panel's).
 * With neither, it is refused as if no port were connected.
 */
export class RunApprovals implements ApprovalPort {
  private readonly routes = new Set<{ owns: (runId: string) => boolean; port: ApprovalPort }>();

  constructor(private readonly fallback: () => ApprovalPort | null) {}

  /** Sends the approvals of the runs `owns` claims to `port` until the returned function is called. */
  route(owns: (runId: string) => boolean, port: ApprovalPort): () => void {
    const route = { owns, port };
    this.routes.add(route);
    return () => void this.routes.delete(route);
  }

  request(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalDecision> {
    const port = [...this.routes].find((route) => route.owns(request.runId))?.port ?? this.fallback();
    return port ? port.request(request, signal) : Promise.resolve({ approved: false, reason: NO_APPROVER });
  }
}
