import { describeError } from '../core/errors';
import type { SeenEntry } from '../core/session/seenConversation';
import type { CommandContext } from './revertCommand';
import { formatTime } from './revertCommand';
import { terminalText } from './terminalText';

/** `/history`: the saved conversations of this vault, the panel's and the terminal's, newest first. */
export async function listConversations(context: CommandContext): Promise<void> {
  const { write, style } = context;
  const conversations = await context.session.listConversations();
  if (conversations.length === 0) {
    write('No saved conversations yet.\n');
    return;
  }
  const lines = [style.bold('Conversations, newest first (continue one with /resume <id> or --resume <id>):')];
  for (const conversation of conversations)
    lines.push(`  ${conversation.id}  ${formatTime(conversation.updatedAt)}  ${terminalText(conversation.title)}`);
  write(`${lines.join('\n')}\n`);
}

/** `/resume <id>` and `--resume <id>`: continues a saved conversation; false when it cannot be read. */
export async function resumeConversation(context: CommandContext, id: string): Promise<boolean> {
  const { write, style } = context;
  if (id === '') {
    write('Which conversation? /resume <id>; /history lists them.\n');
    return false;
  }
  try {
    const conversation = await context.session.resume(id);
    if (!conversation) {
      write(style.red(`No saved conversation "${terminalText(id)}": /history lists them.\n`));
      return false;
    }
    // Counted in what was shown: the model's history may have been condensed to a summary and the last turns.
    const messages = conversation.seen.filter((entry) => entry.kind === 'user').length;
    write(
      `Continuing "${terminalText(conversation.title)}" (${messages} ${messages === 1 ? 'message' : 'messages'} so far): the agent sees what was said.\n`,
    );
    write(lastExchange(conversation.seen, style));
    return true;
  } catch (error) {
    write(style.red(`The conversation ${terminalText(id)} could not be read: ${describeError(error)}\n`));
    return false;
  }
}

const RECAP_CHARS = 200;

/** Where the conversation stopped, as it was shown: the last message and the start of the answers after it. */
function lastExchange(seen: readonly SeenEntry[], style: CommandContext['style']): string {
  let at = seen.length - 1;
  while (at >= 0 && seen[at]?.kind !== 'user') at--;
  if (at < 0) return '';
  const last = seen[at] as Extract<SeenEntry, { kind: 'user' }>;
  const answer = seen
    .slice(at + 1)
    .flatMap((entry) => (entry.kind === 'answer' ? [entry.text.trim()] : []))
    .join(' ')
    .replace(/\s+/g, ' ');
  const cut = answer.length > RECAP_CHARS ? `${answer.slice(0, RECAP_CHARS - 1)}…` : answer;
  return style.dim(
    `Last: you: ${terminalText(last.text.replace(/\s+/g, ' '))}${cut === '' ? '' : `\n      agent: ${terminalText(cut)}`}\n`,
  );
}
