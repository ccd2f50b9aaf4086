import { describe, expect, it } from 'vitest';
import { SerialQueue } from '../serial-queue.js';

/** A promise and the function that settles it, so a test decides when work ends. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('SerialQueue', () => {
  it('runs the work under one key one after another, in the order it was queued', async () => {
    const queue = new SerialQueue();
    const first = gate();
    const events: string[] = [];
    const a = queue.run('repo', async () => {
      events.push('a starts');
      await first.opened;
      events.push('a ends');
      return 'a';
    });
    const b = queue.run('repo', async () => {
      events.push('b starts');
      return 'b';
    });
    // b is queued behind a: it starts only once a's gate opens, whatever happens in between.
    const other = await queue.run('other', async () => 'other');
    expect(other).toBe('other');
    expect(events).toEqual(['a starts']);
    first.open();
    expect(await Promise.all([a, b])).toEqual(['a', 'b']);
    expect(events).toEqual(['a starts', 'a ends', 'b starts']);
  });

  it('hands a failure to its caller and goes on with the next work under the key', async () => {
    const queue = new SerialQueue();
    const failed = queue.run('repo', async () => {
      throw new Error('disk full');
    });
    const next = queue.run('repo', async () => 'next');
    await expect(failed).rejects.toThrow('disk full');
    await expect(next).resolves.toBe('next');
  });

  it('queues any number of waiters under one key', async () => {
    const queue = new SerialQueue();
    const done: number[] = [];
    await Promise.all(Array.from({ length: 1500 }, (_, index) => queue.run('registry', async () => void done.push(index))));
    expect(done).toEqual(Array.from({ length: 1500 }, (_, index) => index));
  });
});
