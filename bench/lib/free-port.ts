/** A free loopback port, for a server that cannot be asked to take port 0 (telegram-test-api). */
import { createServer, type AddressInfo } from 'node:net';

/** telegram-test-api treats port 0 as "use 9000", so a free port is found first. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
