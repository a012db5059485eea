/**
 * Screenshots of the UI components (`npm run screenshots`): bundles test/ui/screenshots/page.ts with esbuild, the
 * real components over the obsidian double, serves it from 127.0.0.1 with the plugin's styles.css and an
 * Obsidian-like theme, and photographs each view with Debian's Chromium into docs/screenshots/. Names given after
 * `--` (`npm run screenshots -- changes`) take only the shots whose file name starts with one of them.
 */
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import { chromium } from 'playwright-core';
import { blockingFindings, describeFinding, PAGE_ELEMENTS, PAGE_RULES } from './axeAudit';

const ROOT = resolve(import.meta.dirname, '..');
const OUT = join(ROOT, 'docs', 'screenshots');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** File name → page view and theme. Sidebar views render 350 px wide, like Obsidian's right sidebar. */
const SHOTS: Record<string, { view: string; theme: 'light' | 'dark' }> = {
  'approval-card-light': { view: 'approval', theme: 'light' },
  'approval-card-dark': { view: 'approval', theme: 'dark' },
  'approval-card-plan-dark': { view: 'approval-plan', theme: 'dark' },
  'approval-card-client-light': { view: 'approval-client', theme: 'light' },
  'approval-card-client-dark': { view: 'approval-client', theme: 'dark' },
  'settings-mcp-light': { view: 'settings-mcp', theme: 'light' },
  'settings-mcp-dark': { view: 'settings-mcp', theme: 'dark' },
  'execution-log-light': { view: 'log', theme: 'light' },
  'execution-log-dark': { view: 'log', theme: 'dark' },
  'plan-preview-light': { view: 'plan', theme: 'light' },
  'plan-run-light': { view: 'plan-run', theme: 'light' },
  'plan-run-dark': { view: 'plan-run', theme: 'dark' },
  'settings-tab-light': { view: 'settings', theme: 'light' },
  'settings-tab-dark': { view: 'settings', theme: 'dark' },
  'plan-preview-dark': { view: 'plan', theme: 'dark' },
  'saved-actions-light': { view: 'saved-actions', theme: 'light' },
  'saved-actions-dark': { view: 'saved-actions', theme: 'dark' },
  'dry-run-preview-light': { view: 'dry-run', theme: 'light' },
  'dry-run-preview-dark': { view: 'dry-run', theme: 'dark' },
  'chat-empty-light': { view: 'chat-empty', theme: 'light' },
  'chat-empty-dark': { view: 'chat-empty', theme: 'dark' },
  'chat-streaming-light': { view: 'chat-streaming', theme: 'light' },
  'chat-streaming-dark': { view: 'chat-streaming', theme: 'dark' },
  'chat-approval-light': { view: 'chat-approval', theme: 'light' },
  'chat-approval-dark': { view: 'chat-approval', theme: 'dark' },
  'chat-log-light': { view: 'chat-log', theme: 'light' },
  'chat-log-dark': { view: 'chat-log', theme: 'dark' },
  'chat-budget-light': { view: 'chat-budget', theme: 'light' },
  'chat-budget-dark': { view: 'chat-budget', theme: 'dark' },
  'changes-run-light': { view: 'changes-run', theme: 'light' },
  'changes-run-dark': { view: 'changes-run', theme: 'dark' },
  'changes-conflict-light': { view: 'changes-conflict', theme: 'light' },
  'changes-conflict-dark': { view: 'changes-conflict', theme: 'dark' },
};

async function bundle(dir: string): Promise<void> {
  await build({
    entryPoints: [join(ROOT, 'test/ui/screenshots/page.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    outfile: join(dir, 'page.js'),
    alias: { obsidian: join(ROOT, 'test/obsidian-double/index.ts') },
    // The audit owner's pid: a page has no process.
    define: { 'process.pid': '0' },
    plugins: [
      {
        // The panel's session names its process as an audit owner ("<host>:<pid>"); a page has no host name.
        name: 'node-os-in-the-page',
        setup(pageBuild) {
          pageBuild.onResolve({ filter: /^node:os$/ }, () => ({ path: 'node:os', namespace: 'page-shim' }));
          pageBuild.onLoad({ filter: /.*/, namespace: 'page-shim' }, () => ({
            contents: "export const hostname = () => 'screenshot-page';",
          }));
        },
      },
    ],
    logLevel: 'warning',
  });
}

function serve(dir: string): Promise<{ server: Server; origin: string }> {
  const files: Record<string, { path: string; type: string }> = {
    '/': { path: '', type: 'text/html' },
    '/page.js': { path: join(dir, 'page.js'), type: 'text/javascript' },
    '/theme.css': { path: join(ROOT, 'test/ui/screenshots/theme.css'), type: 'text/css' },
    '/styles.css': { path: join(ROOT, 'styles.css'), type: 'text/css' },
  };
  const html =
    '<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><link rel="stylesheet" href="/theme.css"><link rel="stylesheet" href="/styles.css"></head><body><script type="module" src="/page.js"></script></body></html>';
  const server = createServer((request, response) => {
    const file = files[new URL(request.url ?? '/', 'http://127.0.0.1').pathname];
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': `${file.type}; charset=utf-8` });
    response.end(file.path ? readFileSync(file.path) : html);
  });
  return new Promise((resolvePromise) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolvePromise({ server, origin: `http://127.0.0.1:${port}` });
    });
  });
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'embedded-agent-shots-'));
  mkdirSync(OUT, { recursive: true });
  await bundle(dir);
  const { server, origin } = await serve(dir);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 800, height: 600 }, deviceScaleFactor: 2 });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const problems: string[] = [];
    const only = process.argv.slice(2);
    const shots = Object.entries(SHOTS).filter(
      ([name]) => only.length === 0 || only.some((start) => name.startsWith(start)),
    );
    if (shots.length === 0) throw new Error(`No screenshot is named after ${only.join(', ')}`);
    for (const [name, { view, theme }] of shots) {
      await page.goto(`${origin}/?view=${view}&theme=${theme}`);
      const ready = await page
        .waitForFunction(
          () => (window as unknown as { screenshotReady?: boolean }).screenshotReady === true,
          undefined,
          { timeout: 10_000 },
        )
        .then(
          () => true,
          () => false,
        );
      if (!ready || errors.length > 0)
        throw new Error(
          `The page for ${name} ${ready ? 'reported errors' : 'did not get ready'}:\n${errors.join('\n')}`,
        );
      await page.locator('#shot').screenshot({ path: join(OUT, `${name}.png`), animations: 'disabled' });
      console.log(`docs/screenshots/${name}.png`);
      await page.addScriptTag({ path: AXE });
      const results = await page.evaluate(() =>
        (window as unknown as { axe: { run: (context: string) => Promise<AxeResults> } }).axe.run('#shot'),
      );
      for (const finding of blockingFindings(results)) problems.push(`${name}: ${describeFinding(finding)}`);
    }
    if (problems.length > 0)
      throw new Error(
        `axe-core found ${problems.length} serious or critical problems of the plugin's:\n${problems.join('\n')}`,
      );
    console.log(
      `axe-core: no serious or critical finding of the plugin's in ${shots.length} states (left out as the page's, not the plugin's: the rules ${Object.keys(PAGE_RULES).join(', ')}; ${PAGE_ELEMENTS.map((page) => `${page.rule} on ${page.why}`).join('; ')})`,
    );
  } finally {
    await browser.close();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
