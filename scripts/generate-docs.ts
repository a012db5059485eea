import { readFileSync, writeFileSync } from 'node:fs';
import { SETTINGS_PAGE, withSettingsKeys, withSettingsTable } from './settingsTable';
import { renderToolReference } from './toolReference';

writeFileSync('docs/reference/tools.md', renderToolReference());
writeFileSync(SETTINGS_PAGE, withSettingsTable(readFileSync(SETTINGS_PAGE, 'utf8')));
writeFileSync('README.md', withSettingsKeys(readFileSync('README.md', 'utf8')));
console.log(`Wrote docs/reference/tools.md, the settings table of ${SETTINGS_PAGE} and the setting keys of README.md`);
