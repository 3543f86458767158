/**
 * Extracts every message declared with defineMessages/defineMessage in
 * src/client into src/client/i18n/locales/en.json (ids and English default
 * texts), and checks that zh-CN.json and zh-TW.json have exactly the same keys,
 * each translated (not empty). The staff program (src/staff) has its own
 * message set, extracted and checked the same way into src/staff/i18n/locales.
 * src/ui-kit, used by both, declares no messages of its own.
 *
 *   npm run i18n:extract          writes en.json, reports missing translations
 *   npm run i18n:check            fails when en.json is stale or a locale misses or has extra keys
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const ROOT = join(__dirname, '..');
/** Each program with its own message set: where its code is, where its locale files are. */
const PROGRAMS: { name: string; src: string; locales: string; skip?: string[] }[] = [
  { name: 'app', src: join(ROOT, 'src', 'client'), locales: join(ROOT, 'src', 'client', 'i18n', 'locales') },
  {
    name: 'staff',
    src: join(ROOT, 'src', 'staff'),
    locales: join(ROOT, 'src', 'staff', 'i18n', 'locales'),
    // The back office's sections that carry their own messages (loaded with them, not in the kitchen's first load).
    skip: [
      join(ROOT, 'src', 'staff', 'backOffice', 'menu'),
      join(ROOT, 'src', 'staff', 'backOffice', 'loyalty'),
      join(ROOT, 'src', 'staff', 'backOffice', 'reports'),
      join(ROOT, 'src', 'staff', 'fixOrder', 'bill'),
      join(ROOT, 'src', 'staff', 'tableCart'),
    ],
  },
  { name: 'back office menu', src: join(ROOT, 'src', 'staff', 'backOffice', 'menu'), locales: join(ROOT, 'src', 'staff', 'backOffice', 'menu', 'i18n') },
  { name: 'staff loyalty', src: join(ROOT, 'src', 'staff', 'backOffice', 'loyalty'), locales: join(ROOT, 'src', 'staff', 'backOffice', 'loyalty', 'i18n') },
  // The bill in the fix panel (issue 28): loaded with the panel's chunk.
  { name: 'staff bill', src: join(ROOT, 'src', 'staff', 'fixOrder', 'bill'), locales: join(ROOT, 'src', 'staff', 'fixOrder', 'bill', 'i18n') },
  // A table's live cart for staff (issue 28): loaded with the calls banner's and the fix panel's chunks.
  { name: 'staff table cart', src: join(ROOT, 'src', 'staff', 'tableCart'), locales: join(ROOT, 'src', 'staff', 'tableCart', 'i18n') },
  { name: 'staff reports', src: join(ROOT, 'src', 'staff', 'backOffice', 'reports'), locales: join(ROOT, 'src', 'staff', 'backOffice', 'reports', 'i18n') },
];
const check = process.argv.includes('--check');

function walk(dir: string, skip: readonly string[] = []): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return skip.includes(path) ? [] : walk(path, skip);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

interface Found {
  id: string;
  defaultMessage: string;
  file: string;
}

function propText(obj: ts.ObjectLiteralExpression, name: string): string | undefined {
  for (const p of obj.properties) {
    if (ts.isPropertyAssignment(p) && p.name.getText() === name) {
      const init = p.initializer;
      if (ts.isStringLiteral(init) || ts.isNoSubstitutionTemplateLiteral(init)) return init.text;
      throw new Error(`${name} must be a string literal: ${p.getText()}`);
    }
  }
  return undefined;
}

export function extract(files: string[]): Found[] {
  const found: Found[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    if (!/defineMessages?\(/.test(text)) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        const fn = node.expression.text;
        const arg = node.arguments[0];
        const descriptors: ts.ObjectLiteralExpression[] = [];
        if (fn === 'defineMessages' && arg && ts.isObjectLiteralExpression(arg)) {
          for (const p of arg.properties) {
            if (ts.isPropertyAssignment(p) && ts.isObjectLiteralExpression(p.initializer)) descriptors.push(p.initializer);
          }
        } else if (fn === 'defineMessage' && arg && ts.isObjectLiteralExpression(arg)) {
          descriptors.push(arg);
        }
        for (const d of descriptors) {
          const id = propText(d, 'id');
          const defaultMessage = propText(d, 'defaultMessage');
          if (!id || defaultMessage === undefined) throw new Error(`${relative(ROOT, file)}: a message needs id and defaultMessage: ${d.getText()}`);
          found.push({ id, defaultMessage, file: relative(ROOT, file) });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

function main() {
  const problems: string[] = [];
  for (const program of PROGRAMS) problems.push(...extractProgram(program.name, program.src, program.locales, 'skip' in program ? program.skip : []));
  // Neither program's catalogue holds a message declared in the UI kit both use: messages are the programs' own.
  for (const m of extract(walk(join(ROOT, 'src', 'ui-kit')))) problems.push(`ui-kit: ${m.file} declares ${m.id}: declare it in the program that shows it`);
  if (problems.length > 0) {
    console.error(problems.map((p) => `  ${p}`).join('\n'));
    process.exit(1);
  }
}

function extractProgram(name: string, src: string, locales: string, skip: readonly string[] = []): string[] {
  const found = extract(walk(src, skip));
  const en: Record<string, string> = {};
  const problems: string[] = [];
  for (const m of found) {
    if (m.id in en && en[m.id] !== m.defaultMessage) problems.push(`id ${m.id} is declared twice with different texts (${m.file})`);
    en[m.id] = m.defaultMessage;
  }
  const sorted = Object.fromEntries(Object.entries(en).sort(([a], [b]) => a.localeCompare(b)));
  const enText = `${JSON.stringify(sorted, null, 2)}\n`;
  const enPath = join(locales, 'en.json');
  const current = (() => {
    try {
      return readFileSync(enPath, 'utf8');
    } catch {
      return '';
    }
  })();
  if (check) {
    if (current !== enText) problems.push('en.json is stale: run npm run i18n:extract');
  } else {
    writeFileSync(enPath, enText);
  }
  for (const locale of ['zh-CN', 'zh-TW']) {
    const path = join(locales, `${locale}.json`);
    let messages: Record<string, string> = {};
    try {
      messages = JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
    } catch {
      problems.push(`${locale}.json is missing or not JSON`);
      continue;
    }
    for (const id of Object.keys(sorted)) {
      if (!(id in messages)) problems.push(`${locale}.json misses ${id} (en: ${JSON.stringify(sorted[id])})`);
      else if (!messages[id]?.trim()) problems.push(`${locale}.json has an empty ${id}`);
    }
    for (const id of Object.keys(messages)) if (!(id in sorted)) problems.push(`${locale}.json has ${id}, which the code no longer declares`);
  }
  console.log(`i18n (${name}): ${Object.keys(sorted).length} messages${check ? ' checked' : ' extracted'}`);
  return problems.map((p) => `${name}: ${p}`);
}

main();
