/**
 * The browser builds drop the catalogue's roles (scripts/strip-catalogue-roles-loader.cjs,
 * after ts-loader): every entry loses its role and keeps its service type, and
 * the app reads nothing else of an entry.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { catalogue } from '../../shared/protocol/catalogue';
import { ServiceType } from '../../shared/protocol/envelope';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { strip, compact } = require('../../../scripts/strip-catalogue-roles-loader.cjs') as { strip: (source: string) => string; compact: (source: string) => string };

const ROOT = resolve(__dirname, '../../..');
const source = readFileSync(join(ROOT, 'src/shared/protocol/catalogue.ts'), 'utf8');
// As ts-loader hands it on (transpileOnly), comments and all (they go in the minifier).
const compiled = ts.transpileModule(source, { compilerOptions: { target: ts.ScriptTarget.ES2020, module: ts.ModuleKind.ESNext } }).outputText;

test('every entry loses its role and keeps its service type', () => {
  const stripped = strip(compiled);
  expect(stripped).not.toMatch(/entry\([^)]*'(anyone|session|member|staff)'/);
  const entries = [...stripped.matchAll(/(\w+): entry\((\w+)\)/g)].map(([, op, service]) => [op, service]);
  expect(entries.map(([op]) => op)).toEqual(Object.keys(catalogue));
  // catalogue.ts names the service types by ServiceType's keys (const { service, bank, file, retail, common } = ServiceType).
  for (const [op, service] of entries) expect([op, ServiceType[service as keyof typeof ServiceType]]).toEqual([op, catalogue[op as keyof typeof catalogue].service]);
});

test('the compact form the browser builds load is the same catalogue: the same operations (grouped, so in another order), the same service types', async () => {
  const built = compact(strip(compiled));
  expect(built).not.toMatch(/\w+: entry\(/);
  // The built module, run as it is (its imports given): ServiceType from the envelope, as in the source.
  const body = ts.transpileModule(built, { compilerOptions: { target: ts.ScriptTarget.ES2020, module: ts.ModuleKind.CommonJS } }).outputText;
  const exports: Record<string, unknown> = {};
  new Function('exports', 'require', body)(exports, (id: string) => {
    if (!id.endsWith('envelope')) throw new Error(`the built catalogue imports ${id}`);
    return { ServiceType };
  });
  const rebuilt = exports.catalogue as Record<string, { service: number; role?: string }>;
  expect(Object.keys(rebuilt).sort()).toEqual(Object.keys(catalogue).sort());
  for (const [op, e] of Object.entries(catalogue)) expect([op, rebuilt[op]]).toEqual([op, { service: e.service, role: undefined }]);
});

test("the app reads no entry's role", () => {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) files.push(path);
    }
  };
  walk(join(ROOT, 'src/client'));
  walk(join(ROOT, 'src/staff'));
  const readers = files.filter((f) => {
    const text = readFileSync(f, 'utf8');
    return /protocol\/catalogue'/.test(text) && /\.role\b|\{[^}]*\brole\b[^}]*\}\s*=\s*catalogue/.test(text);
  });
  expect(readers).toEqual([]);
});
