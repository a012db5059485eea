import type { Readable, Writable } from 'node:stream';
import type { ClockPort } from '../core/ports/clock';
import type { HttpPort } from '../core/ports/http';
import type { LlmPort } from '../core/ports/llm';
import type { ProviderConfig } from '../providers/createProvider';
import type { Environment } from './providerConfig';

/** What the terminal runner is given by its process (or a test): arguments, environment, streams and seams. */
export interface CliIo {
  argv: readonly string[];
  env: Environment;
  stdin: Readable & { isTTY?: boolean };
  stdout: Writable & { isTTY?: boolean };
  stderr: Writable;
  /** Builds the model port; createProvider when absent (tests point it at a local server). */
  createLlm?: (config: ProviderConfig) => LlmPort;
  clock?: ClockPort;
  /** The global modes file; the per-user default when absent. */
  modesFile?: string;
  http?: HttpPort;
  /** Follow changes other programs make to the vault; on unless a test turns it off. */
  watch?: boolean;
  /** Colors and word highlights; on when stdout is a terminal and NO_COLOR is not set. */
  color?: boolean;
  /** Receives the Ctrl-C handler once the chat runs, for a SIGINT the terminal did not turn into a keypress. */
  onInterruptHandler?: (interrupt: () => void) => void;
}
