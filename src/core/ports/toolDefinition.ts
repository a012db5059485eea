/** A JSON Schema as plain data (what ajv compiles and providers send): the vocabulary of tool definitions. */
export type JsonSchema = Record<string, unknown>;

/** A tool as a model is offered it: canonical (dotted) name, description and input schema. */
export interface ToolDefinition {
  name: string;
  description: string;
  inputSchema: JsonSchema;
}
