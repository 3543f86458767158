/**
 * Counts the imports that cross from one feature of the app into another
 * (src/client/features/<name>/), and how many of those are deep: they name a
 * file inside the other feature instead of its public module (index.ts).
 * A lazy import() (a chunk loaded on demand, as the routes table loads pages)
 * is counted apart, and so is a lazy import() of a feature's file from outside
 * the features (the routes table and the program's entry excepted, as in the
 * lint). It also names the features that import each other, counts the
 * session layer's (src/client/session) imports of features (none: it sits
 * below them), and names the files in src/client over 450 lines.
 * The lint rules in eslint.config.mjs hold the line; this is the figure.
 *
 *   node --import tsx scripts/feature-imports.ts            totals
 *   node --import tsx scripts/feature-imports.ts --list     every crossing import, deep ones marked
 *   node --import tsx scripts/feature-imports.ts --root DIR another checkout (an older tree, to compare)
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

const rootArg = process.argv.indexOf('--root');
const ROOT = rootArg > 0 && process.argv[rootArg + 1] ? resolve(process.argv[rootArg + 1]!) : join(__dirname, '..');
const CLIENT = join(ROOT, 'src', 'client');
const FEATURES = join(CLIENT, 'features');
const SESSION = join(CLIENT, 'session');
/** The files that name other modules' chunks by path (eslint.config.mjs lets them). */
const CHUNK_NAMERS = [join(CLIENT, 'app', 'routes.ts'), join(CLIENT, 'index.tsx')];
const MAX_LINES = 450;
const list = process.argv.includes('--list');

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return walk(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The file an import names, or undefined when it is a package or not found. */
function resolveImport(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** The feature a file belongs to, or undefined outside src/client/features. */
function featureOf(file: string): string | undefined {
  const rel = relative(FEATURES, file);
  if (rel.startsWith('..')) return undefined;
  return rel.split(sep)[0];
}

const isPublicModule = (file: string) => /^index\.tsx?$/.test(relative(join(FEATURES, featureOf(file)!), file));

/** Every module a file names: static imports and re-exports, and lazy import() calls apart. */
function importsOf(file: string): { spec: string; lazy: boolean }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: { spec: string; lazy: boolean }[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ spec: node.moduleSpecifier.text, lazy: false });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      found.push({ spec: node.arguments[0].text, lazy: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

let total = 0;
let deep = 0;
let totalTests = 0;
let deepTests = 0;
let lazy = 0;
let lazyFromOutside = 0;
let sessionUp = 0;
const rows: string[] = [];
const edges = new Set<string>();
const long: string[] = [];
for (const file of walk(CLIENT)) {
  const lines = readFileSync(file, 'utf8').split('\n').length - 1;
  if (lines > MAX_LINES) long.push(`${relative(ROOT, file)} (${lines})`);
  const from = featureOf(file);
  if (!from) {
    for (const ref of importsOf(file)) {
      const target = resolveImport(file, ref.spec);
      if (!target || !featureOf(target)) continue;
      if (!relative(SESSION, file).startsWith('..')) {
        sessionUp += 1;
        if (list) rows.push(`up     ${relative(ROOT, file)} -> ${relative(ROOT, target)}`);
      } else if (ref.lazy && !isPublicModule(target) && !CHUNK_NAMERS.includes(file)) {
        lazyFromOutside += 1;
        if (list) rows.push(`lazy   ${relative(ROOT, file)} -> ${relative(ROOT, target)}`);
      }
    }
    continue;
  }
  const isTest = /\.test\.tsx?$/.test(file);
  for (const ref of importsOf(file)) {
    const target = resolveImport(file, ref.spec);
    if (!target) continue;
    const to = featureOf(target);
    if (!to || to === from) continue;
    const isDeep = !isPublicModule(target);
    if (ref.lazy) {
      lazy += 1;
      if (list) rows.push(`lazy   ${relative(ROOT, file)} -> ${relative(ROOT, target)}`);
      continue;
    }
    if (!isTest) edges.add(`${from}>${to}`);
    if (isTest) {
      totalTests += 1;
      if (isDeep) deepTests += 1;
    } else {
      total += 1;
      if (isDeep) deep += 1;
    }
    if (list) rows.push(`${isDeep ? 'deep  ' : 'public'} ${relative(ROOT, file)} -> ${relative(ROOT, target)}`);
  }
}
if (list) console.log(rows.sort().join('\n'));
console.log(`cross-feature imports (app code): ${total}, deep: ${deep}`);
console.log(`cross-feature imports (tests): ${totalTests}, deep: ${deepTests}`);
console.log(`lazy import() of another feature's module (code splitting): ${lazy}`);
console.log(`lazy import() of a feature's file from outside the features (routes table and entry excepted): ${lazyFromOutside}`);
console.log(`imports of a feature by the session layer (src/client/session): ${sessionUp}`);
const mutual = [...edges].filter((e) => { const [a, b] = e.split('>'); return a! < b! && edges.has(`${b}>${a}`); }).map((e) => e.replace('>', ' <-> '));
console.log(`features that import each other: ${mutual.length ? mutual.join(', ') : 'none'}`);
console.log(`files in src/client over ${MAX_LINES} lines: ${long.length ? long.join(', ') : 'none'}`);
