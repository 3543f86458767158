/** What both engines share: a free port, the phone's user agent. */
import { createServer } from 'node:net';
import { USER_AGENTS } from '../playwright.config';

/** An iPhone's Safari, as in the Chromium journeys' plain project: most customers are in WebKit on iPhones. */
export const IPHONE_UA = USER_AGENTS.plain;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object'
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}
