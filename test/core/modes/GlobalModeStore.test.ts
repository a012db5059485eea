import { describe, expect, it } from 'vitest';
import { AgentError } from '../../../src/core/errors';
import { GlobalModeStore } from '../../../src/core/modes/GlobalModeStore';
import { ModeService } from '../../../src/core/modes/ModeService';
import type { ModesFilePort } from '../../../src/core/ports/modesFile';

function memoryFile(text: string | null = null): ModesFilePort & { text: string | null } {
  const file = {
    location: '/home/u/.config/embedded-agent/modes.json',
    text,
    read: () => Promise.resolve(file.text),
    write: (next: string) => Promise.resolve(void (file.text = next)),
  };
  return file;
}

const researcher = {
  slug: 'researcher',
  name: 'Researcher',
  toolGroups: ['read', 'vault'],
  roleDefinition: 'You research.',
};

describe('GlobalModeStore', () => {
  it('should load no modes and no errors when the file does not exist yet', async () => {
    expect(await new GlobalModeStore(memoryFile()).load()).toEqual({ modes: [], errors: [] });
  });

  it('should load the modes of the file as global modes', async () => {
    const store = new GlobalModeStore(memoryFile(JSON.stringify({ modes: [researcher] })));
    expect(await store.load()).toEqual({ modes: [{ ...researcher, source: 'global' }], errors: [] });
  });

  it('should name the mode and the field of an invalid mode, and still load the valid ones', async () => {
    const bad = { ...researcher, slug: 'writer', toolGroups: ['read', 'files'] };
    const { modes, errors } = await new GlobalModeStore(
      memoryFile(JSON.stringify({ modes: [researcher, bad] })),
    ).load();
    expect(modes.map((mode) => mode.slug)).toEqual(['researcher']);
    expect(errors.map((error) => [error.code, error.message])).toEqual([
      [
        'INVALID_INPUT',
        '/home/u/.config/embedded-agent/modes.json: mode "writer" (modes[1]): `toolGroups[1]` must be one of "read", "vault", "edit", "web", "agent", "mcp", "skill", got "files"',
      ],
    ]);
  });

  it('should say what a slug may contain', async () => {
    const { errors } = await new GlobalModeStore(
      memoryFile(JSON.stringify({ modes: [{ ...researcher, slug: 'My Mode' }] })),
    ).load();
    expect(errors[0]?.message).toBe(
      '/home/u/.config/embedded-agent/modes.json: mode "My Mode" (modes[0]): `slug` must be lowercase letters, digits and "-" (at most 40, starting with a letter or digit), got "My Mode"',
    );
  });

  it('should name a mode by its position when it has no slug', async () => {
    const { errors } = await new GlobalModeStore(memoryFile(JSON.stringify({ modes: [{ name: 'x' }] }))).load();
    expect(errors[0]?.message).toBe('/home/u/.config/embedded-agent/modes.json: modes[0]: `slug` is required');
  });

  it('should report a slug used twice in the file', async () => {
    const { modes, errors } = await new GlobalModeStore(
      memoryFile(JSON.stringify({ modes: [researcher, researcher] })),
    ).load();
    expect(modes).toHaveLength(1);
    expect(errors[0]?.message).toBe(
      '/home/u/.config/embedded-agent/modes.json: mode "researcher" (modes[1]): `slug` "researcher" is already used by an earlier mode',
    );
  });

  it('should report a file that is not JSON, leaving the built-in modes working', async () => {
    const { modes, errors } = await new GlobalModeStore(memoryFile('{ modes: [')).load();
    expect(modes).toEqual([]);
    expect(errors[0]?.message).toMatch(
      /^\/home\/u\/\.config\/embedded-agent\/modes\.json is not valid JSON \(.+\); only the built-in modes are available until it is fixed$/,
    );
    const service = new ModeService({ gates: () => ({}), globalModes: modes });
    expect(service.listModes().map((mode) => mode.slug)).toEqual(['ask', 'agent']);
  });

  it('should report a file without a modes list', async () => {
    const { errors } = await new GlobalModeStore(memoryFile('[]')).load();
    expect(errors[0]?.message).toBe(
      '/home/u/.config/embedded-agent/modes.json must hold an object with a "modes" list, like {"modes": []}',
    );
  });

  it('should report a file it cannot read, with the reason', async () => {
    const file = memoryFile();
    file.read = () => Promise.reject(new AgentError('FORBIDDEN_PATH', 'Permission denied for "modes.json"'));
    const { errors } = await new GlobalModeStore(file).load();
    expect([errors[0]?.code, errors[0]?.message]).toEqual([
      'FORBIDDEN_PATH',
      'Could not read the global modes file /home/u/.config/embedded-agent/modes.json: Permission denied for "modes.json"',
    ]);
  });

  it('should write modes without their source, and read them back', async () => {
    const file = memoryFile();
    const store = new GlobalModeStore(file);
    await store.save([{ ...researcher, toolGroups: ['read', 'vault'], source: 'global' }]);
    expect(JSON.parse(file.text ?? '')).toEqual({ modes: [researcher] });
    expect((await store.load()).modes).toEqual([{ ...researcher, source: 'global' }]);
  });

  it('should refuse to save an invalid mode and leave the file alone', async () => {
    const file = memoryFile('{"modes": []}');
    await expect(new GlobalModeStore(file).save([{ ...researcher, toolGroups: [], source: 'global' }])).rejects.toThrow(
      '/home/u/.config/embedded-agent/modes.json: mode "researcher" (modes[0]): `toolGroups` must have at least 1 item(s)',
    );
    expect(file.text).toBe('{"modes": []}');
  });
});
