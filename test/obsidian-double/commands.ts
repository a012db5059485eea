import { MarkdownView } from 'obsidian-test-mocks/obsidian';
import type { App } from 'obsidian-test-mocks/obsidian';
import type { Command, Editor } from 'obsidian';

/**
 * `app.commands`, the command registry: not in obsidian.d.ts, but stable and used by many plugins
 * (`commands`, `listCommands`, `findCommand`, `executeCommandById`, `addCommand`, `removeCommand`).
 * `Plugin.addCommand` registers here under "<plugin id>:<command id>".
 */
export class CommandRegistry {
  /** Every registered command by full id. */
  readonly commands: Record<string, Command> = {};
  private readonly app: App;

  constructor(app: App) {
    this.app = app;
  }

  addCommand(command: Command): void {
    this.commands[command.id] = command;
  }

  removeCommand(id: string): void {
    Reflect.deleteProperty(this.commands, id);
  }

  findCommand(id: string): Command | undefined {
    return this.commands[id];
  }

  /** Desktop: mobile-only commands are not listed. */
  listCommands(): Command[] {
    return Object.values(this.commands).filter((command) => !command.mobileOnly);
  }

  /** False when no command has this id or it cannot run now (no editor for an editor command, or its check says no). */
  executeCommandById(id: string): boolean {
    const command = this.findCommand(id);
    return command ? this.executeCommand(command) : false;
  }

  /**
   * Runs a command as the command palette does. What the real registry does with an exception thrown by a
   * callback is not documented; the double lets it propagate so tests see it.
   */
  executeCommand(command: Command): boolean {
    if (command.editorCheckCallback || command.editorCallback) {
      const view = this.app.workspace.getActiveViewOfType(MarkdownView as never) as MarkdownView | null;
      if (!view) return false;
      const editor = view.editor as unknown as Editor;
      const context = view as never;
      if (command.editorCheckCallback) {
        if (!command.editorCheckCallback(true, editor, context)) return false;
        command.editorCheckCallback(false, editor, context);
        return true;
      }
      command.editorCallback?.(editor, context);
      return true;
    }
    if (command.checkCallback) {
      if (!command.checkCallback(true)) return false;
      command.checkCallback(false);
      return true;
    }
    if (command.callback) {
      command.callback();
      return true;
    }
    return false;
  }
}
