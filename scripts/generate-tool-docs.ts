import { writeFileSync } from 'node:fs';
import { renderToolReference } from './toolReference';

writeFileSync('docs/reference/tools.md', renderToolReference());
console.log('Wrote docs/reference/tools.md');
