import { AgentError, describeError, isAgentError } from '../errors';
import type { AnyTool } from './BaseTool';
import type { ToolContext, ToolDefinition, ToolResult } from './types';

export class ToolRegistry {
  private readonly tools = new Map<string, AnyTool>();

  constructor(tools: Iterable<AnyTool> = []) {
    for (const tool of tools) this.register(tool);
  }

  register(tool: AnyTool): void {
    if (this.tools.has(tool.name)) throw new AgentError('INTERNAL', `Tool "${tool.name}" is registered twice`);
    this.tools.set(tool.name, tool);
  }

  get(name: string): AnyTool | undefined {
    return this.tools.get(name);
  }

  has(name: string): boolean {
    return this.tools.has(name);
  }

  names(): string[] {
    return [...this.tools.keys()];
  }

  /** Definitions for the model; deferred tools are left out unless asked for (agent.findTool loads them). */
  getToolDefinitions(options: { includeDeferred?: boolean } = {}): ToolDefinition[] {
    return [...this.tools.values()]
      .filter((tool) => options.includeDeferred === true || !tool.meta.deferred)
      .map((tool) => tool.getDefinition());
  }

  /** Definitions of only the allowed tools: the model cannot call what it cannot see. */
  getFilteredToolDefinitions(allowed: Iterable<string>, options: { includeDeferred?: boolean } = {}): ToolDefinition[] {
    const allow = new Set(allowed);
    return this.getToolDefinitions(options).filter((definition) => allow.has(definition.name));
  }

  /**
   * Validates and runs one tool, turning every failure into an error result that names the tool. This is the
   * innermost step of the execution pipeline, which adds sandboxing, approval, checkpoints and audit around it.
   */
  async execute(name: string, input: unknown, context: ToolContext): Promise<ToolResult> {
    const tool = this.tools.get(name);
    if (!tool) {
      return {
        ok: false,
        error: { code: 'UNKNOWN_TOOL', message: `Unknown tool "${name}". Known tools: ${this.names().join(', ')}` },
      };
    }
    try {
      const valid = tool.validate(input);
      const output: unknown = await tool.execute(valid, context);
      return { ok: true, output };
    } catch (error) {
      return {
        ok: false,
        error: { code: isAgentError(error) ? error.code : 'INTERNAL', message: describeError(error) },
      };
    }
  }
}
