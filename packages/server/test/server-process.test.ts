import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../../scripts/server-process.mjs';

describe('the server process flags (scripts/server-process.mjs)', () => {
  // A flag this Node no longer knows would stop `npm start` before the server runs ("bad option").
  it('are accepted by this Node', () => {
    const run = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, '-e', 'process.stdout.write("ran")'], {
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('ran');
    expect(run.status).toBe(0);
  });
});
