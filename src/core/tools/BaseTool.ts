import { AgentError, describeError, isAgentError } from '../errors';
import { toolMeta, type ToolName } from './metadata';
import type { ResultPart } from './parts';
import type { PlannedChange, ToolContext, ToolDefinition, ToolMeta } from './types';
import { UNFORESEEN, type Unforeseen } from './unforeseen';
import { validateInput } from './validateInput';

/**
 * A tool: a name from the metadata table, an input type the schema guarantees, and `execute`. Everything
 * else about the tool (group, risk, schemas, description) is read from the table, never restated here.
 */
export abstract class BaseTool<I = Record<string, unknown>, O = unknown> {
  abstract readonly name: ToolName;

  /** The row, found on first use: `name` is a subclass field, not yet set while this constructor runs. */
  private row: ToolMeta | undefined;

  get meta(): ToolMeta {
    if (this.row) return this.row;
    const meta = toolMeta(this.name);
    if (!meta) throw new AgentError('UNKNOWN_TOOL', `Tool "${this.name}" has no entry in the metadata table`);
    this.row = meta;
    return meta;
  }

  get isWriteOperation(): boolean {
    return this.meta.isWrite;
  }

  getDefinition(): ToolDefinition {
    const { name, description, inputSchema } = this.meta;
    return { name, description, inputSchema };
  }

  /** Schema validation plus `check` for rules a schema cannot say; returns the input with defaults applied. */
  validate(input: unknown): I {
    const valid = validateInput<I>(this.name, this.meta.inputSchema, input);
    this.check(valid);
    return valid;
  }

  /** Extra validation beyond the schema; throw an `INVALID_INPUT` AgentError naming the field. */
  protected check(input: I): void {
    void input;
  }

  abstract execute(input: I, context: ToolContext): Promise<O>;

  /**
   * The changes `execute` would make now, computed without making them. Read-only tools change nothing; every
   * tool that writes or runs a command overrides this (a test holds them to it), because approval, checkpoints
   * and dry runs are only as good as this answer.
   */
  describeChanges(input: I, context: ToolContext): Promise<PlannedChange[]> {
    void input;
    void context;
    return Promise.resolve([]);
  }

  /**
   * What `work` gives for this input, worked out once in a phase of a pipeline call (see `ToolContext.once`): a tool
   * whose `describeChanges` and `execute` both start from the same look at the vault (its target, its new text)
   * takes it through here, so `execute` writes what the check just before it worked out. Outside the pipeline it
   * is worked out each time.
   */
  protected once<T>(input: I, context: ToolContext, work: () => Promise<T>): Promise<T> {
    return context.once ? context.once(input, work) : work();
  }

  /**
   * What `execute` would return after making `changes` (its `describeChanges`), for a dry run that makes none:
   * later steps of a plan use it ("$steps.create.path"). Every tool whose row says `dryRun: 'simulate'` overrides
   * this (a test holds them to it), with UNFORESEEN where the output depends on what only the real call learns.
   */
  simulatedOutput(input: I, changes: readonly PlannedChange[]): Partial<O> | Unforeseen {
    void input;
    void changes;
    return UNFORESEEN;
  }

  /**
   * Whether this call only read what a saved action gets from its context placeholders (`${selection}`,
   * `${activeFile}`, `${selectionBullets}`), so a run frozen into a saved action does not replay it. `input` is the
   * call as the run recorded it, not validated.
   */
  readsSavedActionContext(input: unknown, selection: string | null): boolean {
    void input;
    void selection;
    return false;
  }

  /**
   * For a tool that can be read in parts: the output cut to at most `maxChars` characters of JSON, and the call that
   * returns the rest. Null (the default) lets the pipeline store a long result in a file instead.
   */
  partOf(input: I, output: O, maxChars: number): ResultPart<O> | null {
    void input;
    void output;
    void maxChars;
    return null;
  }

  /** The error as the model sees it: the tool's name, the code and the message. */
  formatError(error: unknown): string {
    const code = isAgentError(error) ? error.code : 'INTERNAL';
    return `<error tool="${this.name}" code="${code}">${describeError(error)}</error>`;
  }
}

/** Any tool, whatever its input and output types (methods are bivariant, so every BaseTool<I, O> fits). */
export type AnyTool = BaseTool<unknown, unknown>;
