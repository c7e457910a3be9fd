import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { stopChild } from './child-process';

const started: ChildProcess[] = [];
// A test that failed may leave its child running: none outlives the file.
afterEach(() => {
  for (const child of started.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** A Node.js process that handles SIGTERM with `onTerm` (code), and says so once it does. */
async function childThatOnTerm(onTerm: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['-e', `process.on('SIGTERM', () => { ${onTerm} }); setInterval(() => {}, 1000); console.log('ready');`],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  started.push(child);
  await once(child.stdout as NodeJS.ReadableStream, 'data');
  return child;
}

describe('stopChild', () => {
  it('waits for a child that closes when asked, and kills none', async () => {
    const child = await childThatOnTerm('process.exit(0);');
    await stopChild(child, () => child.kill('SIGTERM'), 30_000);
    expect([child.exitCode, child.signalCode]).toEqual([0, null]);
  });

  it('kills a child that has not exited within the grace, so a hung close never holds the run', async () => {
    const child = await childThatOnTerm('/* ignored */');
    await stopChild(child, () => child.kill('SIGTERM'), 200);
    expect([child.exitCode, child.signalCode]).toEqual([null, 'SIGKILL']);
  });

  it('kills the child when asking it fails, and says why', async () => {
    const child = await childThatOnTerm('/* ignored */');
    await expect(
      stopChild(
        child,
        () => {
          throw new Error('the channel is closed');
        },
        30_000,
      ),
    ).rejects.toThrow('the channel is closed');
    await once(child, 'exit');
    expect(child.signalCode).toBe('SIGKILL');
  });

  it('asks nothing of a child that has already exited', async () => {
    const child = await childThatOnTerm('process.exit(0);');
    child.kill('SIGTERM');
    await once(child, 'exit');
    let asked = false;
    await stopChild(
      child,
      () => {
        asked = true;
      },
      200,
    );
    expect(asked).toBe(false);
  });
});
