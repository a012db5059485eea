import type { ApprovalDecision, ApprovalPort, ApprovalRequest } from '../core/ports/approval';
import type { Style } from './ansi';
import type { LineInput } from './LineInput';
import { renderApproval } from './renderPreview';

const PROMPT = 'Approve? [y] yes  [n] no  [a] all for this run: ';

/**
 * Approval at the terminal: prints the change preview, then asks until it gets y, n or a. Anything but a clear
 * yes is a no: end of input, Ctrl-C and a cancelled run each reject, with the reason the agent is told.
 */
export class TerminalApproval implements ApprovalPort {
  /** Requests are asked one after another, never two prompts at once. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly input: LineInput,
    private readonly write: (text: string) => void,
    private readonly style: Style,
  ) {}

  request(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalDecision> {
    const answer = this.queue.then(() => this.ask(request, signal));
    this.queue = answer.catch(() => undefined);
    return answer;
  }

  private async ask(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalDecision> {
    if (signal.aborted) return { approved: false, reason: 'the run was cancelled' };
    this.write(`\n${renderApproval(request, this.style)}`);
    for (;;) {
      const event = await this.input.ask(PROMPT, signal);
      if (event.kind === 'eof') return this.rejected('no answer: the input ended');
      if (event.kind === 'interrupt')
        return this.rejected(signal.aborted ? 'the run was cancelled' : 'the user pressed Ctrl-C');
      const decision = parseAnswer(event.text);
      if (decision) {
        this.write(
          `${decision.approved ? this.style.green(decision.scope === 'run' ? 'Approved for the rest of this run.' : 'Approved.') : this.style.red('Rejected.')}\n`,
        );
        return decision;
      }
      this.write(
        `Type y to approve, n to reject (n <reason> tells the agent why), or a to approve everything else in this run; got "${event.text.trim()}".\n`,
      );
    }
  }

  private rejected(reason: string): ApprovalDecision {
    this.write(this.style.red(`\nRejected: ${reason}.\n`));
    return { approved: false, reason };
  }
}

/** y / yes, a / all, n / no, or "n <reason>"; null for anything else. */
export function parseAnswer(text: string): ApprovalDecision | null {
  const answer = text.trim();
  const word = answer.toLowerCase();
  if (word === 'y' || word === 'yes') return { approved: true, scope: 'once' };
  if (word === 'a' || word === 'all') return { approved: true, scope: 'run' };
  if (word === 'n' || word === 'no') return { approved: false, reason: 'the user rejected it' };
  const reason = /^(?:n|no)[\s:,]+(.+)$/i.exec(answer)?.[1]?.trim();
  return reason ? { approved: false, reason: `the user rejected it: ${reason}` } : null;
}
