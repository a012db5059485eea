import { AgentError, describeError } from '../../errors';
import { BaseTool } from '../BaseTool';
import type { CommandInfo } from '../../ports/commands';
import type { PlannedChange, ToolContext } from '../types';
import { UNFORESEEN, type Unforeseen } from '../unforeseen';
import { describeWorkspace } from './workspaceNow';

export interface RunCommandInput {
  id: string;
}

export interface RunCommandOutput {
  id: string;
  executed: boolean;
  errorMessage?: string;
}

/**
 * Runs a command by id. An unknown id fails with COMMAND_NOT_FOUND (the model guessed it); a command that Obsidian
 * reports as unavailable, or that throws, fails with COMMAND_FAILED: a plan records it as a failure and honours
 * its onError. The message says what was open, since most commands depend on it and the person adjusts from there.
 */
export class RunCommandTool extends BaseTool<RunCommandInput, RunCommandOutput> {
  readonly name = 'commands.run' as const;

  override simulatedOutput(input: RunCommandInput, changes: readonly PlannedChange[]): RunCommandOutput | Unforeseen {
    const command = changes.find((change) => change.kind === 'command');
    return command?.kind === 'command' ? { id: command.id, executed: true } : UNFORESEEN;
  }

  override describeChanges(input: RunCommandInput, context: ToolContext): Promise<PlannedChange[]> {
    return Promise.resolve().then(() => {
      const command = findCommand(input.id, context);
      const note = activeNote(context);
      return [{ kind: 'command', id: command.id, name: command.name, ...(note === null ? {} : { activeFile: note }) }];
    });
  }

  async execute(input: RunCommandInput, context: ToolContext): Promise<RunCommandOutput> {
    const { id } = findCommand(input.id, context);
    let ran: boolean;
    try {
      ran = await context.commands.run(id);
    } catch (error) {
      throw commandFailed(id, `failed: ${describeError(error)}`, context);
    }
    if (!ran)
      throw commandFailed(
        id,
        'did not run: Obsidian reported it is not available right now (many commands need an open note or a selection)',
        context,
      );
    return { id, executed: true };
  }
}

function commandFailed(id: string, what: string, context: ToolContext): AgentError {
  const workspace = describeWorkspace(context);
  return new AgentError('COMMAND_FAILED', `Command "${id}" ${what}. ${workspace.text}`, { id, ...workspace.details });
}

/** The note a command most likely acts on: the one in the editor the user last used, else the active file. */
function activeNote(context: ToolContext): string | null {
  try {
    return context.editor.snapshot()?.filePath ?? context.workspace.activeFilePath();
  } catch {
    return null;
  }
}

/** The command with this id; COMMAND_NOT_FOUND, with near misses, when there is none. */
function findCommand(id: string, context: ToolContext): CommandInfo {
  const commands = context.commands.list();
  const command = commands.find((candidate) => candidate.id === id);
  if (command) return command;
  const similar = similarIds(
    id,
    commands.map((candidate) => candidate.id),
  );
  const hint = similar.length > 0 ? ` Did you mean ${similar.map((s) => `"${s}"`).join(', ')}?` : '';
  throw new AgentError(
    'COMMAND_NOT_FOUND',
    `No command has the id "${id}".${hint} Use commands.list to find the exact id.`,
    { id },
  );
}

/** Ids with the same command part ("toggle-bold" for "editor:toggle-bold"): the usual wrong guess is the prefix. */
function similarIds(id: string, ids: readonly string[]): string[] {
  const command = (value: string): string => value.slice(value.indexOf(':') + 1).toLowerCase();
  const wanted = command(id);
  return ids.filter((candidate) => command(candidate) === wanted).slice(0, 3);
}
