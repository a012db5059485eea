// @vitest-environment happy-dom
import { Component, MarkdownRenderer, Plugin, type App } from 'obsidian';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { MarkdownStream } from '../../src/ui/MarkdownStream';
import { createTestApp } from '../obsidian-double/harness';

interface RenderCall {
  markdown: string;
  el: HTMLElement;
  component: Component;
}

let calls: RenderCall[];
let app: App;
let render: MockInstance<typeof MarkdownRenderer.render>;

beforeEach(() => {
  calls = [];
  app = createTestApp();
  // The double's renderer draws nothing; this one writes each call's source as a paragraph and records it.
  render = vi.spyOn(MarkdownRenderer, 'render').mockImplementation(async (_app, markdown, el, _path, component) => {
    calls.push({ markdown, el, component });
    await Promise.resolve();
    el.createEl('p', { text: markdown.trim() });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  document.body.empty();
});

const ANSWER =
  'I created **10 notes**.\n\nThey are in `Garden/Projects`:\n- Soil test\n- Pond\n\n```md\n# Soil test\n\nCreated from the plan.\n```\n\nAnything else?';

function stream(): MarkdownStream {
  const md = new MarkdownStream(app, document.body.createDiv(), 'Garden/Garden plan.md');
  md.load();
  return md;
}

async function feed(md: MarkdownStream, text: string, size: number): Promise<void> {
  for (let index = 0; index < text.length; index += size) {
    md.append(text.slice(index, index + size));
    if (index % (size * 3) === 0) await Promise.resolve();
  }
}

const blocks = (md: MarkdownStream): string[] =>
  Array.from(md.el.querySelectorAll('.embedded-agent-answer-block')).map((el) => el.textContent ?? '');

describe('MarkdownStream', () => {
  it('should render each completed block exactly once, however the text is cut into tokens', async () => {
    for (const size of [1, 3, 17, ANSWER.length]) {
      calls = [];
      const md = stream();
      await feed(md, ANSWER, size);
      await md.finish();
      const blockCalls = calls
        .filter((call) => call.el.classList.contains('embedded-agent-answer-block'))
        .map((call) => call.markdown.trim());
      expect(blockCalls).toEqual([
        'I created **10 notes**.',
        'They are in `Garden/Projects`:\n- Soil test\n- Pond',
        '```md\n# Soil test\n\nCreated from the plan.\n```',
        'Anything else?',
      ]);
      expect(md.markdown).toBe(ANSWER);
    }
  });

  it('should keep completed blocks in order and drop the live tail when finished', async () => {
    const md = stream();
    await feed(md, ANSWER, 5);
    await md.finish();
    expect(blocks(md)).toEqual([
      'I created **10 notes**.',
      'They are in `Garden/Projects`:\n- Soil test\n- Pond',
      '```md\n# Soil test\n\nCreated from the plan.\n```',
      'Anything else?',
    ]);
    expect(md.el.querySelector('.embedded-agent-answer-tail')).toBeNull();
  });

  it('should show the open block live while it streams', async () => {
    const md = stream();
    md.append('Working on ');
    await vi.waitFor(() => expect(md.el.querySelector('.embedded-agent-answer-tail')?.textContent).toBe('Working on'));
    md.append('it now');
    await vi.waitFor(() =>
      expect(md.el.querySelector('.embedded-agent-answer-tail')?.textContent).toBe('Working on it now'),
    );
    expect(blocks(md)).toEqual([]);
  });

  it('should never run two tail renders at once', async () => {
    let inFlight = 0;
    let most = 0;
    render.mockImplementation(async (_app, markdown, el) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      el.setText(markdown);
      inFlight--;
    });
    const md = stream();
    for (const char of 'a tail that grows one character at a time') md.append(char);
    await md.finish();
    expect(most).toBeLessThanOrEqual(2); // one tail render, and at most one block render beside it
    expect(blocks(md)).toEqual(['a tail that grows one character at a time']);
  });

  it('should pass itself or a child of itself as the component, never the plugin', async () => {
    const md = stream();
    await feed(md, ANSWER, 4);
    await md.finish();
    for (const call of calls) {
      expect(call.component).not.toBeInstanceOf(Plugin);
      expect(call.component === md || call.component instanceof Component).toBe(true);
    }
    expect(
      calls
        .filter((call) => call.el.classList.contains('embedded-agent-answer-block'))
        .every((call) => call.component === md),
    ).toBe(true);
  });

  it('should unload the component of a replaced tail render', async () => {
    const owners: Component[] = [];
    render.mockImplementation(async (_app, markdown, el, _path, component) => {
      if (component !== md) owners.push(component);
      await Promise.resolve();
      el.setText(markdown);
    });
    const md = stream();
    md.append('one');
    await vi.waitFor(() => expect(owners).toHaveLength(1));
    const unload = vi.spyOn(owners[0] as Component, 'unload');
    md.append(' two');
    await vi.waitFor(() => expect(owners).toHaveLength(2));
    await vi.waitFor(() => expect(unload).toHaveBeenCalled());
    await md.finish();
  });

  it('should show the source of a block the renderer fails on', async () => {
    render.mockRejectedValue(new Error('renderer broke'));
    const md = stream();
    md.append('Plain *text*\n\nmore');
    await md.finish();
    expect(blocks(md)).toEqual(['Plain *text*\n\n', 'more']);
  });
});
