import type { Config } from '../../config/config.js';
import type { Clock } from './clock.js';
import type { HostLookup } from '../net/outbound-connector.js';
import type { EventPort } from '../../storage/ports/events.js';
import type { Random } from './random.js';
import type { Store } from '../../storage/store.js';

/** What every part of the platform is given: storage, time, randomness, events and config. */
export interface PlatformDeps {
  store: Store;
  clock: Clock;
  random: Random;
  /** The event port (storage/ports/events.ts): in-process, or across processes with a shared store. */
  bus: EventPort;
  config: Pick<Config, 'profile' | 'floodControl' | 'publicUrl' | 'timelineMax'>;
  /** Where uploaded files live (`<data>/files`), or a temporary folder for `:memory:`. */
  filesDir: string;
  /**
   * Resolves host names for outbound requests (webhooks, callback URLs, files by URL); the system
   * resolver when absent. Tests give one to make a name resolve differently over time.
   */
  lookup?: HostLookup | undefined;
}
