import { describe, expect, it } from 'vitest';
import { outsideClientName, REPORTED_NAME_MAX } from '../../../src/core/session/clientName';

describe('outsideClientName', () => {
  it('should name the connection, with the name the client reports only as "reports itself as"', () => {
    expect(outsideClientName('Claude Code')).toBe('An MCP client (reports itself as “Claude Code”)');
    expect(outsideClientName('Embedded Agent (your own agent, nothing to check)')).toBe(
      'An MCP client (reports itself as “Embedded Agent (your own agent, nothing to check)”)',
    );
  });

  it('should say that a client reports no name when its name is missing, empty or blank', () => {
    for (const name of [undefined, '', '   \n '])
      expect(outsideClientName(name)).toBe('An MCP client (reports no name)');
  });

  it(`should cut a name longer than ${REPORTED_NAME_MAX} characters with an ellipsis`, () => {
    expect(outsideClientName('x'.repeat(3000))).toBe(
      `An MCP client (reports itself as “${'x'.repeat(REPORTED_NAME_MAX)}…”)`,
    );
    expect(outsideClientName('x'.repeat(REPORTED_NAME_MAX))).toBe(
      `An MCP client (reports itself as “${'x'.repeat(REPORTED_NAME_MAX)}”)`,
    );
  });

  it('should show control, bidi and zero-width characters as markers, and never cut one in half', () => {
    expect(outsideClientName('Claude\u202E edoC\u200B\nnext\u001B[31m')).toBe(
      'An MCP client (reports itself as “Claude⟦U+202E⟧ edoC⟦U+200B⟧⟦U+000A⟧next⟦U+001B⟧[31m”)',
    );
    const hidden = outsideClientName('\u200B'.repeat(100));
    expect(hidden).toBe(
      `An MCP client (reports itself as “${'⟦U+200B⟧'.repeat(Math.floor(REPORTED_NAME_MAX / '⟦U+200B⟧'.length))}…”)`,
    );
  });
});
