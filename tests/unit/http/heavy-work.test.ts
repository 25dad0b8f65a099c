/** The ceiling on heavy work (issue 32): slots, a first-come line, 503 past it, and a line a leaving client leaves. */
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { HeavyWork, HeavyWorkBusy } from '../../../src/server/http/heavy-work';

const response = () => new EventEmitter() as unknown as ServerResponse;

describe('HeavyWork', () => {
  it('runs up to the ceiling, lines up the next ones in order and refuses past the line', async () => {
    const heavy = new HeavyWork({ concurrent: 1, queue: 2 });
    const first = response();
    await heavy.acquire(first);
    const order: string[] = [];
    const second = heavy.acquire(response()).then((release) => (order.push('second'), release));
    const third = heavy.acquire(response()).then((release) => (order.push('third'), release));
    await expect(heavy.acquire(response())).rejects.toBeInstanceOf(HeavyWorkBusy);
    expect(heavy.load).toEqual({ running: 1, waiting: 2 });
    first.emit('close');
    (await second)();
    (await third)();
    expect(order).toEqual(['second', 'third']);
    expect(heavy.load).toEqual({ running: 0, waiting: 0 });
  });

  it('lets a client that goes away while waiting leave the line', async () => {
    const heavy = new HeavyWork({ concurrent: 1, queue: 1 });
    const release = await heavy.acquire(null);
    const leaving = response();
    const waiting = heavy.acquire(leaving);
    leaving.emit('close');
    await expect(waiting).rejects.toBeInstanceOf(HeavyWorkBusy);
    expect(heavy.load).toEqual({ running: 1, waiting: 0 });
    release();
    expect(await heavy.run(async () => 'done')).toBe('done');
    expect(heavy.load).toEqual({ running: 0, waiting: 0 });
  });
});
