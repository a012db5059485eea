/**
 * The chat panel's side of the UI benchmark, bundled by bench/cases/ui.ts with `obsidian` aliased to the test
 * double (as vitest does) and run under happy-dom's globals.
 */
import { MarkdownRenderer } from 'obsidian';
import EmbeddedAgentPlugin from '../../src/main';
import { MarkdownStream } from '../../src/ui/MarkdownStream';
import { createTestApp, manifest } from '../../test/obsidian-double/harness';

/** One plugin onload over a fresh double, in ms. */
export async function onloadOnce(): Promise<number> {
  const app = createTestApp();
  const plugin = new EmbeddedAgentPlugin(app, manifest('embedded-agent', 'Embedded Agent'));
  const start = performance.now();
  await plugin.onload();
  const took = performance.now() - start;
  plugin.unload();
  return took;
}

/** Streams a ~2,000-token answer in small chunks; the time per append and the DOM nodes at the end. */
export async function streamAnswer(): Promise<{ perChunkMs: number[]; chunks: number; nodes: number }> {
  // The double draws nothing: render paragraphs as Obsidian's renderer roughly would, one element per block.
  MarkdownRenderer.render = (_app, markdown, el) => {
    for (const block of markdown.split(/\n{2,}/)) if (block.trim() !== '') el.createEl('p', { text: block });
    return Promise.resolve();
  };
  const app = createTestApp();
  const parent = document.body.createDiv();
  const stream = new MarkdownStream(app, parent);
  stream.load();
  const paragraph =
    'The garden plan lists a fence along the east side, a small pond, and a herb spiral near the kitchen door. ';
  const answer = Array.from(
    { length: 80 },
    (_, index) =>
      `${index % 5 === 0 ? `## Part ${index / 5 + 1}\n\n` : ''}${paragraph}${index % 3 === 0 ? '\n- one\n- two\n' : ''}\n\n`,
  ).join('');
  const pieces = answer.match(/[\s\S]{1,16}/g) ?? [];
  const perChunkMs: number[] = [];
  for (const piece of pieces) {
    const start = performance.now();
    stream.append(piece);
    perChunkMs.push(performance.now() - start);
    await Promise.resolve();
  }
  await stream.finish();
  const nodes = parent.querySelectorAll('*').length;
  stream.unload();
  return { perChunkMs, chunks: pieces.length, nodes };
}
