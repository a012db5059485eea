import type { ChangesPort } from '../../core/review/types';

export const CHANGES_VIEW_TYPE = 'embedded-agent-changes';

/** The plugin as the Changes view and the count see it. */
export interface ChangesHost {
  /** The review core; the checkpoint repository loads on the first call. */
  changes(): Promise<ChangesPort>;
  /** The list's code, loaded when a Changes view first opens so that start-up does not evaluate it. */
  changesPanel(): Promise<typeof import('./ChangesPanel')>;
}
