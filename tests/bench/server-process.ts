/**
 * A Kontor server as its own process for benchmarks, as `npm start` runs it (the bundle built from
 * the current sources), and readings of its CPU time and memory from /proc.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { SERVER_BUNDLE, serverNodeArgs } from '../support/server-command';
import fs from 'node:fs';
import net from 'node:net';

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  baseUrl: string;
}

/** Builds dist/server/main.cjs from the current sources. */
export function buildServerBundle(): void {
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const address = server.address() as net.AddressInfo;
      server.close(() => resolve(address.port));
    });
  });
}

/** Starts the bundle with `env` and waits (up to a minute) until /api/health answers. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...serverNodeArgs(), ...nodeArgs, SERVER_BUNDLE], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DEMO_PASSWORD: 'kontor-demo' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return { child, pid: child.pid!, baseUrl };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

/** CPU seconds the process (all its threads) has used: unlike wall time, not inflated by other load on the machine. */
export function cpuSeconds(pid: number): number {
  // Fields after the command name; utime and stime are the 12th and 13th of them, in clock ticks (100 Hz on Linux).
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Resident memory now (VmRSS) or at its peak so far (VmHWM), in MB. */
export function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
}

/** The pids of `pid`'s children (a cluster primary's workers). */
export function childPids(pid: number): number[] {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** CPU seconds of `pid` and its live children (with WEB_CONCURRENCY, the primary and its workers). */
export function treeCpuSeconds(pid: number): number {
  let sum = cpuSeconds(pid);
  for (const child of childPids(pid)) {
    try {
      sum += cpuSeconds(child);
    } catch {
      // gone meanwhile
    }
  }
  return sum;
}
