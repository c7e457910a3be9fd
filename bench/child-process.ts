import { type ChildProcess, fork } from 'node:child_process';

/** A bench helper's process (clients, a stand-in service), and a way to ask it one thing at a time. */
export interface BenchChild<Request, Message extends { kind: string }> {
  child: ChildProcess;
  /** The child's next message of this kind; rejects if the child stops first. */
  next<Kind extends Message['kind']>(kind: Kind): Promise<Extract<Message, { kind: Kind }>>;
  /** Sends `request` and waits for the answer of kind `answer`. */
  ask<Kind extends Message['kind']>(request: Request, answer: Kind): Promise<Extract<Message, { kind: Kind }>>;
}

/**
 * Forks `file` (a TypeScript module: the child inherits tsx's loader through execArgv) with an
 * IPC channel; its output goes to the bench's terminal.
 */
export function forkBenchChild<Request, Message extends { kind: string }>(
  file: string,
  name: string,
): BenchChild<Request, Message> {
  const child = fork(file, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = <Kind extends Message['kind']>(kind: Kind) =>
    new Promise<Extract<Message, { kind: Kind }>>((resolve, reject) => {
      const onExit = () => reject(new Error(`The ${name} process stopped.`));
      const onMessage = (message: unknown) => {
        if ((message as Message).kind !== kind) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(message as Extract<Message, { kind: Kind }>);
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const ask = <Kind extends Message['kind']>(request: Request, answer: Kind) => {
    const answered = next(answer);
    child.send(request as object);
    return answered;
  };
  return { child, next, ask };
}

/**
 * Stops `child`: `ask` asks it to close its own way (a message, or SIGTERM), and it is killed if it has not
 * exited within `graceMs`, so a close that hangs never holds the run. Answers once it has exited.
 */
export async function stopChild(child: ChildProcess, ask: () => void, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  try {
    ask();
  } catch (error) {
    // Not asked, so not waited for: killed now rather than left running.
    clearTimeout(timer);
    child.kill('SIGKILL');
    throw error;
  }
  await exited;
  clearTimeout(timer);
}
