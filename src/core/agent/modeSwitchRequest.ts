import type { ModeConfig } from '../modes/types';
import type { ApprovalRequest } from '../ports/approval';
import type { RiskLevel } from '../tools/types';

const RISK_ORDER: readonly RiskLevel[] = ['read-only', 'writes', 'commands'];

/**
 * The question a mode switch that adds tools puts to the user: from which mode to which, the tools it adds, and
 * the risk of the strongest of them. `endsRunApproval`: an "Approve all for this run" is in force, and the
 * switch ends it (it was given for what the run could do before).
 */
export function modeSwitchRequest(
  change: { from: ModeConfig; to: ModeConfig; gained: readonly { name: string; risk: RiskLevel }[]; input: unknown },
  endsRunApproval: boolean,
): Omit<ApprovalRequest, 'runId'> {
  const { from, to, gained, input } = change;
  const risk = gained.reduce<RiskLevel>(
    (highest, tool) => (RISK_ORDER.indexOf(tool.risk) > RISK_ORDER.indexOf(highest) ? tool.risk : highest),
    'read-only',
  );
  const notes = [
    `${to.name} mode adds ${gained.length === 1 ? '1 tool' : `${gained.length} tools`}: ${gained.map((tool) => tool.name).join(', ')}`,
  ];
  if (endsRunApproval) notes.push('"Approve all for this run" ends here: every later call asks again.');
  return {
    tool: 'agent.switchMode',
    input,
    risk,
    preview: { files: [], commands: [], notes },
    summary: `Switch mode: ${from.name} → ${to.name}`,
  };
}
