/**
 * @jest-environment node
 */
/**
 * The lint rules that hold the feature boundaries and forbid import loops
 * (eslint.config.mjs, DESIGN.md house style 9), run through ESLint's Node API
 * on fixtures: a deep import into another feature fails, an import loop
 * fails, and the same import through the feature's public module passes.
 * A lazy import() is held to the same boundaries (only the routes table and
 * the program's entry load other modules' chunks by path), and the session
 * layer (src/client/session) imports no feature.
 */
import { join } from 'node:path';
import { ESLint } from 'eslint';

const ROOT = join(__dirname, '..', '..', '..');
const eslint = new ESLint({ cwd: ROOT });

async function ruleErrors(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'import-x/no-cycle' || m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
    .map((m) => `${m.ruleId}: ${m.message}`);
}

jest.setTimeout(60_000);

test('a deep import into another feature is an error', async () => {
  const errors = await ruleErrors(
    "import { addressLine } from '../addresses/addressApi';\nexport const line = addressLine;\n",
    'src/client/features/checkout/fixtureDeepImport.ts',
  );
  expect(errors).toEqual([expect.stringMatching(/^no-restricted-imports: .*public module, features\/<name>\/index\.ts/)]);
});

test('a deep import from outside the features (app, flows, ui) is an error too', async () => {
  const errors = await ruleErrors(
    "import { addressLine } from '../features/addresses/addressApi';\nexport const line = addressLine;\n",
    'src/client/flows/fixtureDeepImport.ts',
  );
  expect(errors).toEqual([expect.stringMatching(/^no-restricted-imports: /)]);
});

test('one folder down in a feature, a deep import is an error too; its own files are not', async () => {
  expect(
    await ruleErrors(
      "import { addressLine } from '../../addresses/addressApi';\nexport const line = addressLine;\n",
      'src/client/features/checkout/components/fixtureDeepImport.ts',
    ),
  ).toEqual([expect.stringMatching(/^no-restricted-imports: /)]);
  expect(
    await ruleErrors(
      "import { checkoutSlice } from '../checkoutSlice';\nimport { addressLine } from '../../addresses';\nexport const both = [checkoutSlice, addressLine];\n",
      'src/client/features/checkout/components/fixtureOwnImport.ts',
    ),
  ).toEqual([]);
});

test('a type-only deep import is an error too', async () => {
  expect(
    await ruleErrors(
      "import type { Address } from '../addresses/addressApi';\nexport type A = Address;\n",
      'src/client/features/checkout/fixtureDeepTypeImport.ts',
    ),
  ).toEqual([expect.stringMatching(/^no-restricted-imports: /)]);
});

test('the same import through the public module, or inside the feature, passes', async () => {
  expect(
    await ruleErrors(
      "import { addressLine } from '../addresses';\nexport const line = addressLine;\n",
      'src/client/features/checkout/fixturePublicImport.ts',
    ),
  ).toEqual([]);
  expect(
    await ruleErrors(
      "import { addressLine } from './addressApi';\nexport const line = addressLine;\n",
      'src/client/features/addresses/fixtureOwnImport.ts',
    ),
  ).toEqual([]);
});

test('an import loop is an error: the paths leaf importing the routes table back', async () => {
  // routes.ts imports paths.ts; linted as paths.ts, this text closes the loop.
  const errors = await ruleErrors(
    "import { routes } from './routes';\nexport const count = routes.length;\n",
    'src/client/app/paths.ts',
  );
  expect(errors).toEqual([expect.stringMatching(/^import-x\/no-cycle: /)]);
});

test('a lazy import() may load a page or a chunk by path (how the routes table loads pages)', async () => {
  expect(
    await ruleErrors(
      "export const load = () => import('../features/addresses/AddressListPage');\n",
      'src/client/app/routes.ts',
    ),
  ).toEqual([]);
});

test('a lazy import() of another feature\'s file is an error, from a feature or from the app', async () => {
  expect(
    await ruleErrors(
      "export const load = () => import('../payments/PaymentResumeNotice');\n",
      'src/client/features/shop/fixtureLazyDeep.ts',
    ),
  ).toEqual([expect.stringMatching(/^no-restricted-syntax: .*public module, features\/<name>\/index\.ts/)]);
  expect(
    await ruleErrors(
      "export const load = () => import('../features/checkout/refreshPrices');\n",
      'src/client/app/fixtureLazyDeep.ts',
    ),
  ).toEqual([expect.stringMatching(/^no-restricted-syntax: /)]);
});

test('a lazy import() inside a feature, or of another feature\'s public module, passes', async () => {
  expect(
    await ruleErrors(
      "export const load = () => [import('./PaymentResumeNotice'), import('../checkout')];\n",
      'src/client/features/payments/fixtureLazyOwn.ts',
    ),
  ).toEqual([]);
});

test('the session layer imports no feature and no flow, statically or lazily', async () => {
  expect(
    await ruleErrors(
      "import { cartSlice } from '../features/cart';\nexport const load = () => import('../flows/placeAndPay');\nexport const slice = cartSlice;\n",
      'src/client/session/fixtureUpward.ts',
    ),
  ).toEqual([
    expect.stringMatching(/^no-restricted-imports: .*session layer .* sits below the features/),
    expect.stringMatching(/^no-restricted-syntax: .*session layer .* sits below the features/),
  ]);
});

test('a feature reads the session through its public module, never a file in it', async () => {
  expect(
    await ruleErrors(
      "import { shopSlice } from '../../session/shopSlice';\nexport const slice = shopSlice;\n",
      'src/client/features/cart/fixtureDeepSession.ts',
    ),
  ).toEqual([expect.stringMatching(/^no-restricted-imports: .*session\/index\.ts/)]);
  expect(
    await ruleErrors(
      "import { selectEntity } from '../../session';\nexport const select = selectEntity;\n",
      'src/client/features/cart/fixturePublicSession.ts',
    ),
  ).toEqual([]);
});
