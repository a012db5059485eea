import { describe, expect, it } from 'vitest';
import { createStyle } from '../../src/cli/ansi';
import { terminalOutput, terminalText } from '../../src/cli/terminalText';

describe('terminalText', () => {
  it('should show a carriage return and an erase-line code instead of letting them rewrite the line', () => {
    expect(terminalText('- milk\r\u001b[2K+- eggs')).toBe('- milk⟦CR⟧⟦ESC⟧[2K+- eggs');
  });

  it('should show the conceal code, C1 controls, a bell, a backspace and DEL', () => {
    expect(terminalText('eggs\u001b[8m hidden \u009b2K \u0007\b\u007f')).toBe(
      'eggs⟦ESC⟧[8m hidden ⟦U+009B⟧2K ⟦BEL⟧⟦BS⟧⟦DEL⟧',
    );
  });

  it('should keep new lines and tabs, and show bidi and invisible characters as the panel does', () => {
    expect(terminalText('a\tb\nc \u202Eevil\u200B')).toBe('a\tb\nc ⟦U+202E⟧evil⟦U+200B⟧');
  });
});

describe('terminalOutput', () => {
  it("should keep the terminal's own colors and show every other control", () => {
    const style = createStyle(true);
    const own = `${style.red('-x')}${style.addedWord('y')}${style.bold(style.dim('z'))}${style.cyan('w')}\n`;
    expect(terminalOutput(own)).toBe(own);
    expect(terminalOutput(`${style.green('ok')} eggs\u001b[8m\r\u001b[2K\u009b`)).toBe(
      `${style.green('ok')} eggs⟦ESC⟧[8m⟦CR⟧⟦ESC⟧[2K⟦U+009B⟧`,
    );
  });

  it('should show an escape code that only looks like a color once split across two writes', () => {
    expect(terminalOutput('Done\u001b') + terminalOutput('[31m')).toBe('Done⟦ESC⟧[31m');
  });
});
