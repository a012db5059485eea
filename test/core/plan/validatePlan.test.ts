import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ActionPlan } from '../../../src/core/plan/types';
import { type PlanPolicy, validatePlan } from '../../../src/core/plan/validatePlan';
import { IgnoreService } from '../../../src/core/tool-execution/IgnoreService';
import { builtinTools } from '../../../src/core/tools/builtinTools';
import { ToolRegistry } from '../../../src/core/tools/ToolRegistry';
import { MemoryVault } from '../../../src/node/MemoryVault';
import { archiveInbox, bulletsTemplate, bulletsToNotes, findTodos } from './plans';

let policy: PlanPolicy;
beforeAll(async () => {
  const ignore = new IgnoreService(new MemoryVault({ '.agentignore': 'Private/\n' }), {
    configDir: '.obsidian',
    pluginFolder: '.obsidian/plugins/embedded-agent',
  });
  await ignore.ensureLoaded();
  policy = {
    tools: new ToolRegistry(builtinTools()),
    maxRetries: 3,
    configDir: '.obsidian',
    gates: { allowDeletes: true, allowCommands: false },
    allowedTools: null,
    ignore,
  };
});

type Mutable = ActionPlan &
  Record<string, unknown> & { steps: (ActionPlan['steps'][number] & Record<string, unknown>)[] };
const plan = (base: () => ActionPlan, change: (p: Mutable) => void = () => undefined): unknown => {
  const copy = base() as Mutable;
  change(copy);
  return copy;
};
const errorsOf = (input: unknown, overrides: Partial<PlanPolicy> = {}): string[] => {
  const result = validatePlan(input, { ...policy, ...overrides });
  return result.ok ? [] : result.errors;
};

describe('validatePlan', () => {
  describe('valid plans', () => {
    it.each([
      ['bullets to notes (spec)', bulletsToNotes, ['getSelection', 'parseBullets', 'ensureFolder', 'createNotes']],
      ['find TODOs (spec)', findTodos, ['search']],
      ['batch move to Archive (spec)', archiveInbox, ['listFiles', 'moveFiles']],
      ['a template over the selection with a parameter', bulletsTemplate, ['ensureFolder', 'createNotes']],
    ] as const)('should accept %s and give its run order', (_name, base, order) => {
      const result = validatePlan(base(), policy);
      expect(result).toMatchObject({ ok: true, order });
    });

    it('should accept a literal name a create makes from a title, as the tool will clean it', () => {
      const titled = plan(bulletsToNotes, (p) => {
        p.steps[2]!.args.path = 'Q3: plans';
        p.steps[3]!.args.path = 'Q3: plans/Why ${item.text}?.md';
      });
      expect(errorsOf(titled)).toEqual([]);
      expect(errorsOf(plan(bulletsToNotes, (p) => (p.steps[3]!.args.path = 'Notes/../${item.text}?.md')))).toEqual([
        'steps[3] (createNotes).args.path: Refused path "Notes/../${item.text}?.md": the path leaves the vault (".." is not allowed)',
      ]);
    });

    it('should fill in the defaults: version, assumptions and args', () => {
      const result = validatePlan(
        { goal: 'Find', riskLevel: 'read-only', steps: [{ id: 'a', tool: 'editor.getSelection' }] },
        policy,
      );
      expect(result.ok && result.plan).toEqual({
        version: '1.0',
        goal: 'Find',
        assumptions: [],
        riskLevel: 'read-only',
        steps: [{ id: 'a', tool: 'editor.getSelection', args: {} }],
      });
    });

    it('should run a step after the steps it depends on, even when it is listed first', () => {
      const result = validatePlan(
        plan(bulletsToNotes, (p) => (p.steps[0]!.dependsOn = ['ensureFolder'])),
        policy,
      );
      expect(result.ok && result.order).toEqual(['ensureFolder', 'getSelection', 'parseBullets', 'createNotes']);
    });

    it('should accept a declared risk above what the steps need', () => {
      expect(errorsOf(plan(findTodos, (p) => (p.riskLevel = 'commands')))).toEqual([]);
    });

    it('should accept a placeholder where the tool wants a fixed value, since only the run knows it', () => {
      expect(errorsOf(plan(bulletsToNotes, (p) => (p.steps[3]!.args.collisionStrategy = '${folderName}')))).toEqual([]);
    });
  });

  describe('invalid plans, each with its full messages', () => {
    const cases: [string, () => unknown, string[], Partial<PlanPolicy>?][] = [
      ['not an object', () => null, ['plan: must be an object, got null']],
      [
        'no steps, empty goal, no risk',
        () => ({ goal: '', steps: [] }),
        ['riskLevel: is required', 'goal: must not be empty', 'steps: must have at least 1 item(s)'],
      ],
      [
        'an unknown top-level property',
        () => plan(findTodos, (p) => (p.author = 'me')),
        ['plan: unknown property "author"; allowed: version, goal, assumptions, riskLevel, steps, parameters'],
      ],
      [
        'an unsupported version',
        () => plan(findTodos, (p) => (p.version = '2.0')),
        ['version: must be one of "1.0", got "2.0"'],
      ],
      [
        'an unknown step property',
        () => plan(findTodos, (p) => (p.steps[0]!.when = 'always')),
        [
          'steps[0] (search): unknown property "when"; allowed: id, tool, args, foreach, dependsOn, onError, retry, preview',
        ],
      ],
      [
        'an unknown onError',
        () => plan(findTodos, (p) => (p.steps[0]!.onError = 'ignore' as never)),
        ['steps[0] (search).onError: must be one of "stop", "skip", "retry", got "ignore"'],
      ],
      [
        'a step id with a space',
        () => plan(findTodos, (p) => (p.steps[0]!.id = 'find todos')),
        [
          'steps[0] (find todos).id: must be a step id (a letter, then up to 63 letters, digits, "_" or "-"), got "find todos"',
        ],
      ],
      [
        'two steps with one id',
        () => plan(findTodos, (p) => p.steps.push({ ...p.steps[0]! })),
        ['steps[1].id: "search" is already the id of steps[0] (search); step ids must be unique'],
      ],
      [
        'a retry below one attempt',
        () =>
          plan(
            findTodos,
            (p) => ((p.steps[0]!.onError = 'retry'), (p.steps[0]!.retry = { maxAttempts: 0, backoffMs: -1 })),
          ),
        [
          'steps[0] (search).retry.maxAttempts: must be >= 1, got 0',
          'steps[0] (search).retry.backoffMs: must be >= 0, got -1',
        ],
      ],
      [
        'an unknown tool',
        () => plan(findTodos, (p) => (p.steps[0]!.tool = 'vault.find')),
        [
          'steps[0] (search).tool: unknown tool "vault.find"; tools a plan may use: vault.ensureFolder, vault.createFile, vault.readFile, vault.writeFile, vault.rename, vault.delete, vault.searchText, vault.listFiles, editor.getSelection, editor.replaceSelection, editor.insertAtCursor, editor.getActiveFilePath, workspace.openFile, workspace.getContext, commands.list, util.parseMarkdownBullets, util.slugifyTitle, plugins.search, checkpoints.list, checkpoints.diff, checkpoints.restore',
        ],
      ],
      [
        'a tool the mode does not allow',
        () => bulletsToNotes(),
        [
          'steps[3] (createNotes).tool: vault.createFile is not available in the current mode; tools a plan may use: vault.ensureFolder, editor.getSelection, util.parseMarkdownBullets',
        ],
        { allowedTools: new Set(['editor.getSelection', 'util.parseMarkdownBullets', 'vault.ensureFolder']) },
      ],
      [
        'a rename with deletes turned off',
        () => archiveInbox(),
        [
          'steps[1] (moveFiles).tool: vault.rename is turned off: the user has not enabled "Allow deletes and renames" (allowDeletes) in the settings',
        ],
        { gates: { allowDeletes: false, allowCommands: false } },
      ],
      [
        'a command with commands turned off',
        () =>
          plan(
            findTodos,
            (p) => (
              (p.riskLevel = 'commands'),
              p.steps.push({ id: 'bold', tool: 'commands.run', args: { id: 'editor:toggle-bold' } })
            ),
          ),
        [
          'steps[1] (bold).tool: commands.run is turned off: the user has not enabled "Allow commands" (allowCommands) in the settings',
        ],
      ],
      [
        "a declared risk below a step's",
        () => plan(bulletsToNotes, (p) => (p.riskLevel = 'read-only')),
        [
          'riskLevel: "read-only" is lower than the plan\'s steps need: steps[2] (ensureFolder) uses vault.ensureFolder ("writes"); declare "writes"',
        ],
      ],
      [
        'more retries than the settings allow',
        () =>
          plan(
            findTodos,
            (p) => ((p.steps[0]!.onError = 'retry'), (p.steps[0]!.retry = { maxAttempts: 6, backoffMs: 100 })),
          ),
        ['steps[0] (search).retry.maxAttempts: 6 attempts are 5 retries; the settings allow at most 3 (maxRetries)'],
      ],
      [
        'retry settings without onError "retry"',
        () => plan(findTodos, (p) => (p.steps[0]!.retry = { maxAttempts: 2, backoffMs: 100 })),
        ['steps[0] (search).retry: is used only with onError "retry" (onError is "stop")'],
      ],
      [
        'a missing required argument',
        () => plan(bulletsToNotes, (p) => (p.steps[2]!.args = {})),
        ['steps[2] (ensureFolder).args.path: is required'],
      ],
      [
        'an unknown argument',
        () => plan(bulletsToNotes, (p) => (p.steps[2]!.args.recursive = true)),
        ['steps[2] (ensureFolder).args: unknown property "recursive"; allowed: path'],
      ],
      [
        'an argument of the wrong type',
        () => plan(findTodos, (p) => (p.steps[0]!.args.limit = '50')),
        ['steps[0] (search).args.limit: must be an integer, got string'],
      ],
      [
        'an argument outside its choices',
        () => plan(bulletsToNotes, (p) => (p.steps[3]!.args.collisionStrategy = 'rename')),
        [
          'steps[3] (createNotes).args.collisionStrategy: must be one of "error", "create-unique", "overwrite", got "rename"',
        ],
      ],
      [
        'a template where a number is needed',
        () => plan(findTodos, (p) => (p.steps[0]!.args.limit = '${folderName}0')),
        ['steps[0] (search).args.limit: text with placeholders is a string, expected an integer'],
      ],
      [
        'a reference of the wrong type',
        () => plan(bulletsToNotes, (p) => (p.steps[1]!.args.text = '$steps.getSelection.isEmpty')),
        ['steps[1] (parseBullets).args.text: $steps.getSelection.isEmpty is a boolean, expected a string'],
      ],
      [
        'a field the referenced tool does not return',
        () => plan(bulletsToNotes, (p) => (p.steps[1]!.args.text = '$steps.getSelection.txt')),
        [
          'steps[1] (parseBullets).args.text: $steps.getSelection has no field "txt" (fields: text, isEmpty, filePath, mode, range)',
        ],
      ],
      [
        'a field the foreach item does not have',
        () => plan(bulletsToNotes, (p) => (p.steps[3]!.args.path = 'Notes/${item.title}.md')),
        [
          'steps[3] (createNotes).args.path: ${item} has no field "title" (fields: text, raw, depth, checked, children)',
        ],
      ],
      [
        'a reference to no step',
        () => plan(bulletsToNotes, (p) => (p.steps[1]!.args.text = '$steps.selection.text')),
        [
          'steps[1] (parseBullets).args.text: $steps.selection.text refers to no step; steps are: getSelection, parseBullets, ensureFolder, createNotes',
        ],
      ],
      [
        'a reference to the step itself',
        () => plan(bulletsToNotes, (p) => (p.steps[1]!.args.text = '${steps.parseBullets.count}')),
        [
          'steps[1] (parseBullets).args.text: ${steps.parseBullets.count} refers to its own step; a step can use only the output of other steps',
        ],
      ],
      [
        'dependsOn naming no step, and itself',
        () => plan(findTodos, (p) => (p.steps[0]!.dependsOn = ['list', 'search'])),
        [
          'steps[0] (search).dependsOn[0]: "list" is not a step; steps are: search',
          'steps[0] (search).dependsOn[1]: a step cannot depend on itself',
        ],
      ],
      [
        'steps that depend on each other',
        () => plan(archiveInbox, (p) => (p.steps[0]!.dependsOn = ['moveFiles'])),
        [
          'steps[0] (listFiles).dependsOn: the steps depend on each other in a cycle (listFiles → moveFiles → listFiles); no order can run them',
        ],
      ],
      [
        'foreach over a text',
        () =>
          plan(bulletsToNotes, (p) => (p.steps[3]!.foreach = { from: '$steps.getSelection.text', itemName: 'item' })),
        ['steps[3] (createNotes).foreach.from: $steps.getSelection.text is a string, expected a list'],
      ],
      [
        'foreach over a literal',
        () => plan(bulletsToNotes, (p) => (p.steps[3]!.foreach = { from: 'items', itemName: 'item' })),
        [
          'steps[3] (createNotes).foreach.from: must be a reference to a list, like "$steps.parseBullets.items" or "${selectionBullets}", got "items"',
        ],
      ],
      [
        'a list field read without an element number',
        () =>
          plan(
            bulletsToNotes,
            (p) => (p.steps[3]!.foreach = { from: '$steps.parseBullets.items.text', itemName: 'item' }),
          ),
        [
          'steps[3] (createNotes).foreach.from: $steps.parseBullets.items is a list; pick an element by number (".0") before "text"',
        ],
      ],
      [
        'a foreach item named like a context value',
        () =>
          plan(bulletsTemplate, (p) => (p.steps[1]!.foreach = { from: '${selectionBullets}', itemName: 'folderName' })),
        [
          'steps[1] (createNotes).foreach.itemName: "folderName" is already a parameter; choose another name',
          'steps[1] (createNotes).args.path: ${item.text} is not a known placeholder; known: ${selection}, ${selectionBullets}, ${activeFile}, ${date}, ${folderName}',
          'steps[1] (createNotes).args.content: ${item.text} is not a known placeholder; known: ${selection}, ${selectionBullets}, ${activeFile}, ${date}, ${folderName}',
        ],
      ],
      [
        'the foreach item outside its step',
        () => plan(bulletsToNotes, (p) => (p.steps[2]!.args.path = 'Notes/${item.text}')),
        [
          'steps[2] (ensureFolder).args.path: ${item.text} is not a known placeholder; it is the foreach item of steps[3] (createNotes) and exists only inside that step; known: ${selection}, ${selectionBullets}, ${activeFile}, ${date}, ${folderName}',
        ],
      ],
      [
        'an unknown placeholder',
        () => plan(findTodos, (p) => (p.steps[0]!.args.query = '${topic}')),
        [
          'steps[0] (search).args.query: ${topic} is not a known placeholder; known: ${selection}, ${selectionBullets}, ${activeFile}, ${date}, ${folderName}',
        ],
      ],
      [
        'a placeholder never closed',
        () => plan(findTodos, (p) => (p.steps[0]!.args.query = 'TODO ${date')),
        [
          'steps[0] (search).args.query: "${date" opens a placeholder with "${" but never closes it with "}" (write $${ for a literal "${")',
        ],
      ],
      [
        'a step reference inside text',
        () => plan(findTodos, (p) => (p.steps[0]!.args.query = 'see $steps.a.b')),
        [
          'steps[0] (search).args.query: "$steps.…" is replaced only as the whole value; inside text write ${steps.<id>.<field>}',
        ],
      ],
      [
        'a path leaving the vault',
        () => plan(bulletsToNotes, (p) => (p.steps[2]!.args.path = 'Notes/../../x')),
        [
          'steps[2] (ensureFolder).args.path: Refused path "Notes/../../x": the path leaves the vault (".." is not allowed)',
        ],
      ],
      [
        'a templated path leaving the vault',
        () => plan(bulletsToNotes, (p) => (p.steps[3]!.args.path = '../${item.text}.md')),
        [
          'steps[3] (createNotes).args.path: Refused path "../${item.text}.md": the path leaves the vault (".." is not allowed)',
        ],
      ],
      [
        'a write into the config folder',
        () => plan(archiveInbox, (p) => (p.steps[1]!.args.toPath = '.obsidian/${file.path}')),
        [
          'steps[1] (moveFiles).args.toPath: Refused toPath ".obsidian/${file.path}": ".obsidian/" is protected; the agent may not write there',
        ],
      ],
      [
        'a path the ignore rules block',
        () => plan(bulletsToNotes, (p) => (p.steps[2]!.args.path = 'Private/Notes')),
        [
          'steps[2] (ensureFolder).args.path: Refused path: "Private/Notes" is listed in .agentignore, so the agent may neither read nor write it',
        ],
      ],
      [
        'a templated path in a blocked folder',
        () => plan(bulletsToNotes, (p) => (p.steps[3]!.args.path = 'Private/${item.text}.md')),
        [
          'steps[3] (createNotes).args.path: Refused path: "Private" is listed in .agentignore, so the agent may neither read nor write it',
        ],
      ],
      [
        'names that are properties of every object',
        () =>
          plan(
            findTodos,
            (p) => ((p.steps[0]!.args.query = '${constructor}'), (p.parameters = [{ name: '__proto__' }])),
          ),
        ['parameters[0].name: must be a name (a letter, then up to 63 letters, digits or "_"), got "__proto__"'],
      ],
      [
        'an object property used as a placeholder',
        () => plan(findTodos, (p) => (p.steps[0]!.args.query = '${constructor}')),
        [
          'steps[0] (search).args.query: ${constructor} is not a known placeholder; known: ${selection}, ${selectionBullets}, ${activeFile}, ${date}, ${folderName}',
        ],
      ],
      [
        'parameters declared twice or named like context',
        () =>
          plan(
            bulletsTemplate,
            (p) => (p.parameters = [{ name: 'folderName' }, { name: 'folderName' }, { name: 'selection' }]),
          ),
        [
          'parameters[1].name: "folderName" is declared twice',
          'parameters[2].name: "selection" is a context value; choose another name',
        ],
      ],
    ];
    it.each(cases)('should refuse %s', (_name, input, expected, overrides) => {
      expect(errorsOf(input(), overrides)).toEqual(expected);
    });
  });

  describe('never throws', () => {
    it('should return errors, not throw, for any JSON value', () => {
      fc.assert(
        fc.property(fc.jsonValue(), (value) => {
          const result = validatePlan(value, policy);
          expect(result.ok).toBe(false);
        }),
        { numRuns: 300 },
      );
    });

    it('should return errors, not throw, for plan-shaped JSON with random steps', () => {
      const text = fc.oneof(
        fc.string(),
        fc.constantFrom(
          '$steps.a.items',
          '${item.text}',
          '${selectionBullets}',
          '$steps.b',
          '${steps.a.x}',
          'Notes/${item}.md',
          '../x',
          '${',
          '$${x}',
        ),
      );
      const step = fc.record(
        {
          id: fc.oneof(fc.constantFrom('a', 'b', 'c'), fc.string()),
          tool: fc.oneof(
            fc.constantFrom(
              'vault.createFile',
              'vault.listFiles',
              'util.parseMarkdownBullets',
              'vault.rename',
              'commands.run',
            ),
            fc.string(),
          ),
          args: fc.oneof(
            fc.dictionary(
              fc.constantFrom('path', 'text', 'content', 'fromPath', 'limit', 'paths', 'x'),
              fc.oneof(text, fc.integer(), fc.array(text)),
            ),
            fc.jsonValue(),
          ),
          foreach: fc.record({ from: text, itemName: fc.oneof(fc.constantFrom('item', 'date'), fc.string()) }),
          dependsOn: fc.array(fc.oneof(fc.constantFrom('a', 'b', 'c'), fc.string())),
          onError: fc.constantFrom('stop', 'skip', 'retry', 'x'),
          retry: fc.record({ maxAttempts: fc.integer(), backoffMs: fc.integer() }),
        },
        { requiredKeys: [] },
      );
      const planShape = fc.record(
        {
          version: fc.constantFrom('1.0', 1),
          goal: fc.string(),
          riskLevel: fc.constantFrom('read-only', 'writes', 'commands', 'x'),
          steps: fc.array(step, { maxLength: 5 }),
          parameters: fc.array(fc.record({ name: fc.string(), default: fc.string() })),
        },
        { requiredKeys: [] },
      );
      fc.assert(
        fc.property(planShape, (value) => {
          const result = validatePlan(value, policy);
          if (!result.ok) for (const error of result.errors) expect(typeof error).toBe('string');
        }),
        { numRuns: 500 },
      );
    });
  });
});
