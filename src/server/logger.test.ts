/**
 * createLogger (logger.ts): one silent logger, which does nothing, serves every server of a process
 * (issue 28); a logger that writes is made for each caller, and writes with its secrets redacted.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.js';

describe('createLogger', () => {
  it('makes one silent logger for every stream, which writes nothing', () => {
    const stream = new PassThrough();
    const written: string[] = [];
    stream.on('data', (chunk) => written.push(String(chunk)));
    const first = createLogger('silent', stream);
    expect(createLogger('silent', stream)).toBe(first);
    expect(createLogger('silent', new PassThrough())).toBe(first);
    first.error({ token: 'x' }, 'not written');
    first.child({ workspace: 'w' }).error('nor this');
    expect(written).toEqual([]);
  });

  it('makes a new logger that writes for each caller, its secrets redacted', () => {
    const stream = new PassThrough();
    const written: string[] = [];
    stream.on('data', (chunk) => written.push(String(chunk)));
    const log = createLogger('info', stream);
    expect(createLogger('info', stream)).not.toBe(log);
    log.info({ bot: { token: '123:secret' } }, 'hello');
    const line = JSON.parse(written.join('')) as { msg: string; bot: { token: string } };
    expect(line.msg).toBe('hello');
    expect(line.bot.token).toBe('<redacted>');
  });
});
