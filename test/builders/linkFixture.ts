/**
 * A small vault with every link form that can point at one note, "Guides/Setup.md", and the same forms pointing
 * at another note of the same name, "Archive/Old/Setup.md", which a rename of the first must leave alone.
 * `RENAMED` is what each note reads after "Guides/Setup.md" becomes "Guides/Getting started.md" with the default
 * link format ("shortest"); notes missing from it do not change.
 */
export const LINK_FIXTURE: Record<string, string> = {
  'Guides/Setup.md':
    '---\ntags: [guide]\n---\n# Setup\n\n## Step two\n\nSee [[#Step two]] and [next](Next.md). ^block1\n',
  'Guides/Next.md': 'Back to [[Setup]].\n',
  'Archive/Old/Setup.md': '# The old setup\n',
  'Archive/Old/Notes.md': 'Same folder wins: [[Setup]], [here](Setup.md), [[Archive/Old/Setup]].\n',
  'Index.md': [
    '- [[Setup]] and [[setup]]',
    '- [[Setup|the setup]] and [[Setup#Step two]] and [[Setup#Step two|step 2]]',
    '- [[Setup#^block1|the block]] and ![[Setup]] and ![[Setup#Step two]]',
    '- [[Guides/Setup]] and [[Guides/Setup.md]] and [[ Setup ]]',
    '- [[Archive/Old/Setup]] stays, [[Missing]] stays, [[Next]] stays',
    '',
    '| Note | Why |',
    '| --- | --- |',
    '| [[Setup\\|setup]] | a link in a table |',
    '',
  ].join('\n'),
  'Notes/Daily.md': [
    'Relative: [a](../Guides/Setup.md) and [b](../Guides/Setup.md#Step%20two)',
    'From the root: [c](/Guides/Setup.md) and [d](Guides/Setup.md)',
    'Angle: [e](<../Guides/Setup.md#Step two>) and titled: [f](../Guides/Setup.md "The setup")',
    'Without extension: [g](../Guides/Setup) and embedded: ![h](../Guides/Setup.md)',
    'External: [web](https://example.com/Guides/Setup.md) and [mail](mailto:setup@example.com)',
    '',
  ].join('\n'),
  'Props.md':
    '---\nrelated: "[[Setup]]"\nsee:\n  - "[[Setup|the setup]]"\n  - \'[[Guides/Setup#Step two]]\'\nother: "[[Next]]"\n---\nBody: [[Setup]]\n',
  'Code.md':
    'Prose [[Setup]].\n\n```md\n[[Setup]] in a fence\n```\n\nInline `[[Setup]]` and ``[x](Guides/Setup.md)``.\n\n~~~\n[y](Guides/Setup.md)\n~~~\n',
};

export const RENAMED: Record<string, string> = {
  'Guides/Next.md': 'Back to [[Getting started]].\n',
  'Index.md': [
    '- [[Getting started]] and [[Getting started]]',
    '- [[Getting started|the setup]] and [[Getting started#Step two]] and [[Getting started#Step two|step 2]]',
    '- [[Getting started#^block1|the block]] and ![[Getting started]] and ![[Getting started#Step two]]',
    '- [[Getting started]] and [[Getting started.md]] and [[Getting started]]',
    '- [[Archive/Old/Setup]] stays, [[Missing]] stays, [[Next]] stays',
    '',
    '| Note | Why |',
    '| --- | --- |',
    '| [[Getting started\\|setup]] | a link in a table |',
    '',
  ].join('\n'),
  'Notes/Daily.md': [
    'Relative: [a](Getting%20started.md) and [b](Getting%20started.md#Step%20two)',
    'From the root: [c](Getting%20started.md) and [d](Getting%20started.md)',
    'Angle: [e](<Getting started.md#Step two>) and titled: [f](Getting%20started.md "The setup")',
    'Without extension: [g](Getting%20started) and embedded: ![h](Getting%20started.md)',
    'External: [web](https://example.com/Guides/Setup.md) and [mail](mailto:setup@example.com)',
    '',
  ].join('\n'),
  'Props.md':
    '---\nrelated: "[[Getting started]]"\nsee:\n  - "[[Getting started|the setup]]"\n  - \'[[Getting started#Step two]]\'\nother: "[[Next]]"\n---\nBody: [[Getting started]]\n',
  'Code.md':
    'Prose [[Getting started]].\n\n```md\n[[Setup]] in a fence\n```\n\nInline `[[Setup]]` and ``[x](Guides/Setup.md)``.\n\n~~~\n[y](Guides/Setup.md)\n~~~\n',
};

/** The notes whose links the rename rewrites, as `linksTo` lists them. */
export const LINKING = ['Code.md', 'Guides/Next.md', 'Index.md', 'Notes/Daily.md', 'Props.md'];
