import { installDom } from '../bundle';

// A module of its own, imported first: the obsidian double reads `document` while it loads.
installDom();
