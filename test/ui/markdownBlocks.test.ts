import { describe, expect, it } from 'vitest';
import { completedBlocksEnd } from '../../src/ui/markdownBlocks';

describe('completedBlocksEnd', () => {
  it('should end a block after a blank line once the next block has begun', () => {
    const text = 'First paragraph.\n\nSecond';
    expect(completedBlocksEnd(text, 0)).toBe('First paragraph.\n\n'.length);
  });

  it('should wait for the next line before closing a block', () => {
    expect(completedBlocksEnd('First paragraph.\n\n', 0)).toBe(0);
    expect(completedBlocksEnd('First paragraph.\n', 0)).toBe(0);
  });

  it('should not close a block at a blank line inside a fenced code block', () => {
    const text = 'Code:\n```ts\nconst a = 1;\n\nconst b = 2;\n';
    expect(completedBlocksEnd(text, 0)).toBe(0);
    const closed = `${text}\`\`\`\n\nAfter`;
    expect(completedBlocksEnd(closed, 0)).toBe(closed.length - 'After'.length);
  });

  it('should not close a block when the next line is indented: a list item may go on', () => {
    expect(completedBlocksEnd('- item\n\n  more of the item', 0)).toBe(0);
    expect(completedBlocksEnd('- item\n\n  more of the item\n\nNext', 0)).toBe(
      '- item\n\n  more of the item\n\n'.length,
    );
  });

  it('should scan from the given boundary', () => {
    const text = 'One.\n\nTwo.\n\nThree';
    expect(completedBlocksEnd(text, 6)).toBe(12);
  });

  it('should treat a closing fence of at least the opening length as the end of the code', () => {
    const text = '````\n```\n\n````\n\nNext';
    expect(completedBlocksEnd(text, 0)).toBe(text.length - 'Next'.length);
  });
});
