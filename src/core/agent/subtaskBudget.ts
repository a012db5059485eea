import { AgentError } from '../errors';

/**
 * Most agent.newTask calls one model answer may start; the rest of that answer's are refused. Three is enough to
 * split a task into parts and small enough that one answer cannot fan out into a crowd.
 */
export const MAX_SUBTASKS_PER_TURN = 3;
/**
 * Most sub-tasks one user message may start, at every depth together. With each task bounded by its iteration
 * limit, a message then costs at most (1 + MAX_SUBTASKS_PER_RUN) × maxIterations model calls, condensing aside.
 */
export const MAX_SUBTASKS_PER_RUN = 10;

/** The sub-tasks one user message has started, shared by every task of its tree. */
export class SubtaskBudget {
  private started = 0;

  /** Takes one sub-task, `startedThisTurn` being those the same answer already started; refuses past a cap. */
  take(startedThisTurn: number): void {
    if (startedThisTurn >= MAX_SUBTASKS_PER_TURN) {
      throw new AgentError(
        'NOT_ALLOWED',
        `agent.newTask was refused: at most ${MAX_SUBTASKS_PER_TURN} sub-tasks per turn may start. Wait for their answers, then start the rest in a later turn, or do the work in this task`,
      );
    }
    if (this.started >= MAX_SUBTASKS_PER_RUN) {
      throw new AgentError(
        'NOT_ALLOWED',
        `agent.newTask was refused: this message has already started ${MAX_SUBTASKS_PER_RUN} sub-tasks, the most one message may start. Do the rest of the work in this task`,
      );
    }
    this.started++;
  }
}
