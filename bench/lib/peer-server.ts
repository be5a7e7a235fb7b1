/**
 * The peer: the npm package `telegram-test-api` started programmatically (its README, "Using as built
 * in module"), in RAM storage. Run as a child; prints `listening <apiURL>`. Its bot side is
 * `<apiURL>/bot<token>/<method>`; its client (user) side is `POST <apiURL>/sendMessage` and friends.
 */
import peer from 'telegram-test-api';
import { freePort } from './free-port.js';

/**
 * The package is CommonJS with `module.exports = TelegramServer`; its typings declare a default
 * export, which NodeNext types as the `default` member of the module.
 */
const TelegramServer = peer as unknown as typeof peer.default;

const port = await freePort();
const server = new TelegramServer({ port, host: '127.0.0.1', storage: 'RAM', storeTimeout: 600 });
await server.start();
process.stdout.write(`listening ${server.config.apiURL}\n`);
process.on('SIGTERM', () => {
  void server.stop().then(() => process.exit(0));
});
