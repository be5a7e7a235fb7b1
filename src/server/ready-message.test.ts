import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { readyMessage, shellQuote, type ReadyInfo } from './ready-message.js';

const base: Omit<ReadyInfo, 'admin'> = {
  profile: 'local',
  data: ':memory:',
  address: 'http://127.0.0.1:8081',
  gatewayPath: '/gateway',
};

describe('readyMessage', () => {
  it('prints a generated in-memory token in the line to paste, since it is nowhere else', () => {
    const text = readyMessage({ ...base, admin: { kind: 'printed', token: 'AbC-123_xyz0123456789' } });
    expect(text.split('\n')).toEqual([
      'Parley is ready (profile local, data :memory:)',
      '  Bot API:     http://127.0.0.1:8081/bot<token>/<method>',
      '  Gateway:     http://127.0.0.1:8081/gateway/<method>',
      '  Control API: http://127.0.0.1:8081/control',
      '  Web client:  http://127.0.0.1:8081/web/',
      '  Admin token: in the line below; kept in memory only, gone when the server stops',
      'For the parley CLI in another shell:',
      '  export PARLEY_URL=http://127.0.0.1:8081 PARLEY_ADMIN_TOKEN=AbC-123_xyz0123456789',
    ]);
  });

  it('names the data folder, not the token, when the token is in its file', () => {
    const text = readyMessage({
      ...base,
      data: './data',
      admin: { kind: 'file', file: '/srv/data/admin-token', dataDir: '/srv/data' },
    });
    expect(text).toContain('  Admin token: /srv/data/admin-token\n');
    expect(text).toMatch(/\n {2}export PARLEY_URL=http:\/\/127\.0\.0\.1:8081 PARLEY_DATA=\/srv\/data$/);
  });

  it('leaves a given token to whoever gave it', () => {
    const text = readyMessage({ ...base, admin: { kind: 'given' } });
    expect(text).toContain('  Admin token: given by --admin-token or PARLEY_ADMIN_TOKEN\n');
    expect(text).toMatch(
      /\nFor the parley CLI in another shell and PARLEY_ADMIN_TOKEN as given:\n {2}export PARLEY_URL=http:\/\/127\.0\.0\.1:8081$/,
    );
  });
});

describe('shellQuote', () => {
  it.each(['/tmp/my data', "it's", 'a$b`c`"d"\\e', 'plain/path-1.0', ''])(
    'gives a word the shell reads back as %j',
    async (value) => {
      const { stdout } = await promisify(execFile)('sh', ['-c', `printf %s ${shellQuote(value)}`]);
      expect(stdout).toBe(value);
    },
  );
});
