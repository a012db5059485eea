import { readFileSync } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';
import { Parser } from 'acorn';

/**
 * Modules of the bundled SDKs that the plugin never reaches, left out of main.js. Obsidian evaluates main.js as
 * text at every start, and V8 scans every byte of it before anything runs, used or not (docs/benchmarks.md,
 * "plugin start-up"); these ~120 KB were a tenth of that work. Each module is replaced by a stand-in with the same
 * export names: every export is a function that may be constructed (the SDK's client builds every resource in its
 * constructor) and throws, naming the module and the reason, when called.
 */
export const LEFT_OUT = [
  {
    package: 'openai',
    why: 'the plugin calls only chat.completions.create (src/providers/OpenAiProvider.ts); the client builds every other resource',
    modules: [
      'resources/batches.mjs',
      'resources/completions.mjs',
      'resources/embeddings.mjs',
      'resources/files.mjs',
      'resources/images.mjs',
      'resources/models.mjs',
      'resources/moderations.mjs',
      'resources/videos.mjs',
      'resources/admin/admin.mjs',
      'resources/audio/audio.mjs',
      'resources/beta/beta.mjs',
      'resources/containers/containers.mjs',
      'resources/conversations/conversations.mjs',
      'resources/evals/evals.mjs',
      'resources/fine-tuning/fine-tuning.mjs',
      'resources/graders/graders.mjs',
      'resources/realtime/realtime.mjs',
      'resources/responses/responses.mjs',
      'resources/skills/skills.mjs',
      'resources/uploads/uploads.mjs',
      'resources/vector-stores/vector-stores.mjs',
      'resources/webhooks/webhooks.mjs',
      // chat.completions' runTools, stream and parse helpers.
      'lib/ChatCompletionRunner.mjs',
      'lib/ChatCompletionStreamingRunner.mjs',
      'lib/ChatCompletionStream.mjs',
      'lib/parser.mjs',
    ],
  },
  {
    package: '@anthropic-ai/sdk',
    why: 'the plugin calls only messages.create (src/providers/AnthropicProvider.ts); Messages builds its batches resource',
    // messages.stream()'s helper (with its partial-JSON parser) and the batches API.
    modules: ['lib/MessageStream.mjs', 'resources/messages/batches.mjs'],
  },
  {
    package: 'zod',
    why: "only the MCP SDK's McpServer turns zod schemas into JSON Schema; the plugin serves with its low-level Server (src/mcp/vaultServer.ts)",
    modules: ['v4/core/to-json-schema.js', 'v4/core/json-schema-processors.js'],
  },
];

/** The names `file` (an ES module) exports, following `export *` into the files it names. */
export function exportNames(file) {
  const program = Parser.parse(readFileSync(file, 'utf8'), { ecmaVersion: 'latest', sourceType: 'module' });
  const names = new Set();
  for (const node of program.body) {
    if (node.type === 'ExportDefaultDeclaration') names.add('default');
    if (node.type === 'ExportAllDeclaration') {
      const from = node.exported ? [node.exported.name] : exportNames(resolve(dirname(file), node.source.value));
      for (const name of from) if (name !== 'default') names.add(name);
    }
    if (node.type !== 'ExportNamedDeclaration') continue;
    if (node.declaration?.id) names.add(node.declaration.id.name);
    for (const declarator of node.declaration?.declarations ?? []) names.add(declarator.id.name);
    for (const specifier of node.specifiers) names.add(specifier.exported.name ?? specifier.exported.value);
  }
  return [...names];
}

/** The one helper every stand-in imports: a function for `name` that may be constructed and throws when called. */
const HELPER = `export const leftOut = (name, label, why) => {
  const standIn = function () {
    if (new.target) return;
    throw new Error(\`\${name} (\${label}) is left out of main.js (scripts/leaveOut.mjs): \${why}\`);
  };
  Object.defineProperty(standIn, 'name', { value: name });
  return standIn;
};`;
const HELPER_PATH = 'leave-out:stand-in';

/** The stand-in for `names`, exported by the module `label` ("openai/resources/batches.mjs"). */
export function standInSource(label, names, why) {
  const lines = [
    `import { leftOut } from ${JSON.stringify(HELPER_PATH)};`,
    `const label = ${JSON.stringify(label)};`,
    `const why = ${JSON.stringify(why)};`,
  ];
  for (const [index, name] of names.entries()) {
    lines.push(`const standIn${index} = leftOut(${JSON.stringify(name)}, label, why);`);
    lines.push(`export { standIn${index} as ${name === 'default' ? 'default' : name} };`);
  }
  return lines.join('\n');
}

const inPackage = (path, name) =>
  path
    .split(sep)
    .join('/')
    .match(new RegExp(`/node_modules/${name}/(.+)$`))?.[1];

/**
 * An esbuild plugin that loads a stand-in for every module in `list` (LEFT_OUT's shape). A build that loads a
 * package of the list but no longer one of its listed modules fails, naming it: the package was updated and moved
 * it, and the list is out of date. (A build without the package at all, such as the start-up bench's build without
 * the MCP server, has nothing to check.)
 */
export function leaveOut(list = LEFT_OUT) {
  return {
    name: 'leave-out',
    setup(build) {
      const loaded = new Set();
      const packagesSeen = new Set();
      const packages = list.map((entry) => entry.package.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
      build.onStart(() => {
        loaded.clear();
        packagesSeen.clear();
      });
      build.onResolve({ filter: /^leave-out:stand-in$/ }, () => ({ path: HELPER_PATH, namespace: 'leave-out' }));
      build.onLoad({ filter: /.*/, namespace: 'leave-out' }, () => ({ contents: HELPER, loader: 'js' }));
      build.onLoad({ filter: new RegExp(`[\\\\/]node_modules[\\\\/](${packages.join('|')})[\\\\/]`) }, (args) => {
        for (const entry of list) {
          const module = inPackage(args.path, entry.package);
          if (module === undefined) continue;
          packagesSeen.add(entry.package);
          if (!entry.modules.includes(module)) continue;
          const label = `${entry.package}/${module}`;
          loaded.add(label);
          return { contents: standInSource(label, exportNames(args.path), entry.why), loader: 'js' };
        }
        return undefined;
      });
      build.onEnd((result) => {
        if (result.errors.length > 0) return;
        const missing = list
          .filter((entry) => packagesSeen.has(entry.package))
          .flatMap((entry) =>
            entry.modules.map((module) => `${entry.package}/${module}`).filter((label) => !loaded.has(label)),
          );
        if (missing.length > 0)
          throw new Error(
            `scripts/leaveOut.mjs leaves out modules this build no longer loads (an updated package?): ${missing.join(', ')}`,
          );
      });
    },
  };
}
