import { readFileSync, writeFileSync } from 'node:fs';
import { withSettingsTable } from './settingsTable';
import { renderToolReference } from './toolReference';

writeFileSync('docs/reference/tools.md', renderToolReference());
writeFileSync('README.md', withSettingsTable(readFileSync('README.md', 'utf8')));
console.log('Wrote docs/reference/tools.md and the settings table of README.md');
