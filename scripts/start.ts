/**
 * `npm start` (issue 24): the production build of the app and the staff
 * program (`webpack --env start`, webpack.config.ts: no source maps, no
 * precompressed copies, the filesystem cache) and, beside it, the service's
 * start: the database, its migrations and the demo data (src/server/main.ts).
 * The webpack build is mostly one core's work until it minifies; the
 * database's start is the other core's. The service opens and prints the
 * table links once both are done; a failed build ends the start.
 */
import { spawn } from 'node:child_process';
import { main } from '../src/server/main';

const built = new Promise<void>((resolve, reject) => {
  const webpack = spawn(process.execPath, [require.resolve('webpack-cli/bin/cli.js'), '--mode', 'production', '--env', 'start'], { stdio: 'inherit' });
  webpack.on('error', reject);
  webpack.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`the build failed (${signal ?? `exit code ${code}`})`))));
});

built.catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});

main({ built }).catch((err) => {
  console.error(err);
  process.exit(1);
});
