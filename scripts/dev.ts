/**
 * `npm run dev`: the API from source in watch mode (restarts on every change) and both consoles
 * on Vite dev servers with hot reload. People open the user console's dev server
 * (http://localhost:5173): it proxies /api to the API and /admin to the staff console's dev
 * server, so sign-in links (PUBLIC_URL) and both consoles share one origin. Settings come from
 * the environment and from `.env` when it exists (see `.env.example`). Ctrl-C stops all three.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
const userPort = process.env.USER_DEV_PORT ?? '5173';
const env = {
  ...process.env,
  NODE_ENV: process.env.NODE_ENV ?? 'development',
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${userPort}`,
};

const children: ChildProcess[] = [];
function run(command: string, args: string[], cwd: string): void {
  // Inherited output: Vite's and pino's terminal formatting stay on, in one terminal.
  const child = spawn(command, args, { cwd, env, stdio: 'inherit' });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`${path.basename(cwd)}: ${command} ended (${signal ?? code}); stopping the rest.`);
    stop(typeof code === 'number' && code !== 0 ? code : 1);
  });
  children.push(child);
}

let stopping = false;
function stop(exitCode: number): void {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  let left = children.filter((child) => child.exitCode === null).length;
  if (left === 0) process.exit(exitCode);
  for (const child of children)
    child.once('exit', () => {
      left -= 1;
      if (left === 0) process.exit(exitCode);
    });
  setTimeout(() => process.exit(exitCode), 10_000).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

const viteArgs = ['--clearScreen', 'false', '--logLevel', 'warn'];
run(bin('vite'), viteArgs, path.join(root, 'consoles/admin'));
run(bin('vite'), viteArgs, path.join(root, 'consoles/user'));
run(bin('tsx'), ['watch', '--clear-screen=false', 'services/api/src/main.ts'], root);
