import { REMOTE_TOKEN, type RemoteResource } from './remoteMarkdown';

/**
 * Replaces the tokens `neutralizeRemote` left in rendered text with buttons that name the host. The resource is
 * created only when the button is clicked: until then nothing in the answer points at the network. `loaded` holds
 * the URLs the person already chose to load in this answer, which later renders of it (the streaming tail is
 * rendered again and again) show at once.
 */
export function placeRemotes(root: HTMLElement, remotes: readonly RemoteResource[], loaded: Set<string>): void {
  if (remotes.length === 0) return;
  const doc = root.ownerDocument;
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const found: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    if (node.nodeValue?.includes('\uE000')) found.push(node as Text);
  for (const text of found) {
    const parts: (string | Node)[] = [];
    let last = 0;
    const value = text.nodeValue ?? '';
    for (const match of value.matchAll(REMOTE_TOKEN)) {
      const remote = remotes[Number(match[1])];
      if (!remote) continue;
      parts.push(
        value.slice(last, match.index),
        loaded.has(remote.url) ? resource(remote) : placeholder(remote, loaded),
      );
      last = match.index + match[0].length;
    }
    parts.push(value.slice(last));
    text.replaceWith(...parts.filter((part) => part !== ''));
  }
}

function placeholder(remote: RemoteResource, loaded: Set<string>): HTMLButtonElement {
  const label = `Load ${remote.kind} from ${remote.host}`;
  const button = createEl('button', {
    cls: 'embedded-agent-remote',
    text: label,
    attr: { 'aria-label': label, title: remote.url },
  });
  button.addEventListener('click', (event) => {
    // The placeholder may sit inside a link: loading the image must not also follow it.
    event.preventDefault();
    event.stopPropagation();
    loaded.add(remote.url);
    button.replaceWith(resource(remote));
  });
  return button;
}

function resource(remote: RemoteResource): HTMLElement {
  switch (remote.kind) {
    case 'image':
      return createEl('img', { attr: { alt: remote.alt, src: remote.url } });
    case 'frame':
      return createEl('iframe', { attr: { sandbox: 'allow-scripts', src: remote.url } });
    case 'video':
    case 'audio':
      return createEl(remote.kind, { attr: { controls: '', src: remote.url } });
  }
}
