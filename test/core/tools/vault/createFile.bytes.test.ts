import { describe, expect, it } from 'vitest';
import { ToolRegistry } from '../../../../src/core/tools/ToolRegistry';
import { CreateFileTool } from '../../../../src/core/tools/vault/createFile';
import { bytesOf, fixtureBytes, putFixtures, type EncodingFixture } from '../../../builders/encodingFixtures';
import { buildToolContext } from '../../../builders/toolContext';

const registry = new ToolRegistry([new CreateFileTool()]);
const setup = async (...names: EncodingFixture[]) => {
  const context = buildToolContext();
  await putFixtures(context.vault, names);
  return {
    vault: context.vault,
    run: (input: Record<string, unknown>) => registry.execute('vault.createFile', input, context),
  };
};
const BOM = [0xef, 0xbb, 0xbf];

describe('vault.createFile keeps every byte it does not mean to change', () => {
  it('should overwrite a CRLF note in CRLF', async () => {
    const { vault, run } = await setup('crlf.md');
    expect(await run({ path: 'crlf.md', content: '# New\n\ntext\n', collisionStrategy: 'overwrite' })).toMatchObject({
      ok: true,
    });
    expect(await vault.readBinary('crlf.md')).toEqual(bytesOf('# New\r\n\r\ntext\r\n'));
  });

  it('should keep the BOM of a note it overwrites', async () => {
    const { vault, run } = await setup('utf8-bom.md');
    expect(await run({ path: 'utf8-bom.md', content: 'new\n', collisionStrategy: 'overwrite' })).toMatchObject({
      ok: true,
    });
    expect(await vault.readBinary('utf8-bom.md')).toEqual(bytesOf(BOM, 'new\n'));
  });

  it('should refuse to overwrite a PDF with text', async () => {
    const { vault, run } = await setup('tiny.pdf');
    expect(await run({ path: 'tiny.pdf', content: 'text', collisionStrategy: 'overwrite' })).toMatchObject({
      ok: false,
      error: { code: 'BINARY_FILE' },
    });
    expect(await vault.readBinary('tiny.pdf')).toEqual(fixtureBytes('tiny.pdf'));
  });

  it('should put frontmatter into the block that follows a BOM, not write a second one', async () => {
    const { vault, run } = await setup();
    const content = '\ufeff---\ntags: [travel]\n---\n# Trip\n';
    expect(await run({ path: 'Trip.md', content, frontmatter: { status: 'done' } })).toMatchObject({ ok: true });
    expect(await vault.read('Trip.md')).toBe('\ufeff---\ntags: [travel]\nstatus: done\n---\n# Trip\n');
  });

  it('should recognise a block whose opening --- has a trailing space, as Obsidian does', async () => {
    const { vault, run } = await setup();
    const content = new TextDecoder().decode(fixtureBytes('frontmatter-trailing-space.md'));
    expect(await run({ path: 'Old.md', content, frontmatter: { title: 'New title' } })).toMatchObject({ ok: true });
    expect(await vault.read('Old.md')).toBe('--- \ntitle: New title\n---\nBody.\n');
  });
});
