import type { ModeConfig } from '../modes/types';

/** Whether power steering adds its reminder before the model call of `iteration` (1-based). */
export function isSteeringIteration(iteration: number, frequency: number): boolean {
  return frequency > 0 && iteration > 1 && (iteration - 1) % frequency === 0;
}

/** The reminder: in a long loop a model drifts from its role, so the mode is restated as a user message. */
export function steeringMessage(mode: ModeConfig, skills: readonly string[]): string {
  return [
    `[Reminder] You are in ${mode.name} mode ("${mode.slug}"). ${mode.roleDefinition}`,
    skills.length > 0 ? `Active skills: ${skills.join(', ')}.` : null,
    "Keep to the user's task and finish it.",
  ]
    .filter(Boolean)
    .join('\n');
}
