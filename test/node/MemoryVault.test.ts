import { MemoryVault } from '../../src/node/MemoryVault';
import { describeVaultContract } from '../core/ports/vault.contract';

describeVaultContract('MemoryVault', (initial) => Promise.resolve({ vault: new MemoryVault(initial) }));
