/** Where the service keeps its database when no DATABASE_URL names a server. */
import { resolve } from 'node:path';
import { loadConfig } from './config';

test('DATA_DIR: a folder, :memory: for none, and the default data/ when unset or empty (never the working directory itself)', () => {
  expect(loadConfig({ DATA_DIR: '/tmp/hbb-data' }).dataDir).toBe('/tmp/hbb-data');
  expect(loadConfig({ DATA_DIR: ':memory:' }).dataDir).toBeNull();
  expect(loadConfig({}).dataDir).toBe(resolve('data'));
  expect(loadConfig({ DATA_DIR: '' }).dataDir).toBe(resolve('data'));
});
