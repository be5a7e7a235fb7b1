import { contractAdapters } from './contracts/adapters.js';
import { cachesContract } from './contracts/caches.contract.js';
import { readContract } from './contracts/read.contract.js';
import { gatewayStoreContract } from './gateway-store.contract.js';
import { storeContract } from './store.contract.js';
import { describe } from 'vitest';

for (const adapter of contractAdapters()) {
  storeContract(adapter.name, adapter.open);
  gatewayStoreContract(adapter.name, adapter.open);
  if (adapter.openPair) cachesContract(adapter.openPair);
  describe(adapter.name, () => readContract(adapter.open, adapter.openPair));
}
