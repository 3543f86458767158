/**
 * @jest-environment node
 */
/**
 * The two programs' boundary (eslint.config.mjs, DESIGN.md): the staff
 * program imports nothing from the app, the app nothing from the staff
 * program, neither anything from the service, and the shared code (src/shared,
 * src/ui-kit) neither program. Run through ESLint's Node API on fixture files
 * (linted as if they sat at the path given): each crossing is an error, a
 * lazy import() too; the same code importing src/shared or src/ui-kit passes.
 * Also: no file of the staff program is over 450 lines.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ESLint } from 'eslint';

const ROOT = join(__dirname, '..', '..');
const eslint = new ESLint({ cwd: ROOT });

async function boundaryErrors(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'import-x/no-restricted-paths')
    .map((m) => m.message);
}

jest.setTimeout(60_000);

test('the staff program importing the app is an error, a type-only or lazy import too', async () => {
  expect(
    await boundaryErrors(
      "import { defineMessages } from '../client/i18n/defineMessages';\nexport const m = defineMessages({});\n",
      'src/staff/fixtureImportsApp.ts',
    ),
  ).toEqual([expect.stringMatching(/The staff program imports nothing from the app/)]);
  expect(
    await boundaryErrors(
      "import type { Locale } from '../../client/app/uiSlice';\nexport type L = Locale;\n",
      'src/staff/kitchen/fixtureImportsApp.ts',
    ),
  ).toEqual([expect.stringMatching(/The staff program imports nothing from the app/)]);
  expect(
    await boundaryErrors(
      "export const load = () => import('../../client/ui/localName');\n",
      'src/staff/kitchen/fixtureLazyImportsApp.ts',
    ),
  ).toEqual([expect.stringMatching(/The staff program imports nothing from the app/)]);
});

test('the app importing the staff program is an error', async () => {
  expect(
    await boundaryErrors(
      "import { cardsOf } from '../../staff/kitchen/Board';\nexport const c = cardsOf;\n",
      'src/client/ui/fixtureImportsStaff.ts',
    ),
  ).toEqual([expect.stringMatching(/The app imports nothing from the staff program/)]);
});

test('either program importing the service is an error', async () => {
  expect(
    await boundaryErrors(
      "import { main } from '../server/main';\nexport const r = main;\n",
      'src/staff/fixtureImportsServer.ts',
    ),
  ).toEqual([expect.stringMatching(/imports nothing from the service/)]);
  expect(
    await boundaryErrors(
      "import { main } from '../../server/main';\nexport const r = main;\n",
      'src/client/ui/fixtureImportsServer.ts',
    ),
  ).toEqual([expect.stringMatching(/imports nothing from the service/)]);
});

test('the UI kit importing a program is an error', async () => {
  expect(
    await boundaryErrors(
      "import { useMoney } from '../client/ui/money';\nexport const u = useMoney;\n",
      'src/ui-kit/fixtureImportsApp.ts',
    ),
  ).toEqual([expect.stringMatching(/serve both programs/)]);
});

test('both programs importing src/shared and src/ui-kit pass', async () => {
  const code =
    "import { defineMessages } from '../../ui-kit/defineMessages';\nimport { memberNameShown } from '../../shared/domain/memberName';\nexport const both = [defineMessages, memberNameShown];\n";
  expect(await boundaryErrors(code, 'src/staff/kitchen/fixtureShared.ts')).toEqual([]);
  expect(await boundaryErrors(code, 'src/client/ui/fixtureShared.ts')).toEqual([]);
});

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

test('no file of the staff program is over 450 lines', () => {
  const long = walk(join(ROOT, 'src', 'staff'))
    .filter((f) => /\.(tsx?|json)$/.test(f))
    .map((f) => [relative(ROOT, f), readFileSync(f, 'utf8').split('\n').length - 1] as const)
    .filter(([, lines]) => lines > 450);
  expect(long).toEqual([]);
});
