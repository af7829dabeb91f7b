/** A redis-server of a test's own: a free port, no persistence, killed after (the rate limits' and marks' tests). */
import { spawn, type ChildProcess } from 'node:child_process';

/** Starts redis-server on `port` and answers once it accepts connections. */
export function startRedis(port: number): Promise<ChildProcess> {
  const redis = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return new Promise((resolve, reject) => {
    redis.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ready to accept connections')) resolve(redis);
    });
    redis.once('exit', (code) => reject(new Error(`redis-server exited (${code})`)));
  });
}

export const stopRedis = (redis: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (redis.exitCode !== null || redis.signalCode !== null) return resolve();
    redis.once('exit', () => resolve());
    redis.kill('SIGKILL');
  });
