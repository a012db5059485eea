import { parse } from 'yaml';
import type { YamlPort } from '../core/ports/yaml';

/** The terminal's and the MCP server's YAML parser: the `yaml` package, as the test double's `parseYaml` uses. */
export const nodeYaml: YamlPort = { parse: (text) => parse(text) as unknown };
