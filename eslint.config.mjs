// @ts-check
import tseslint from 'typescript-eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

/** Typed hooks only (house style 4): components use useAppDispatch / useAppSelector. */
const TYPED_HOOKS = {
  name: 'react-redux',
  importNames: ['useDispatch', 'useSelector'],
  message: 'Use useAppDispatch / useAppSelector from src/client/app/hooks.',
};
const PUBLIC_MODULE =
  'Import another feature through its public module, features/<name>/index.ts (house style 9), or move what both need to ui/ or flows/; the session (shop, table, member) through session/index.ts.';
const BELOW_FEATURES = 'The session layer (src/client/session) sits below the features and flows: it imports neither (docs/architecture.md).';
/** esquery's regex literal ends at the first '/': the same pattern with its slashes written as \x2F. */
const selectorRegex = (regex) => regex.replaceAll('/', '\\x2F');
/**
 * Feature boundaries (DESIGN.md house style 9): an import names another
 * feature's folder (its index.ts), never a file in it, and the session layer
 * by its index.ts too. Relative paths differ with the importing file's depth,
 * so one pattern per depth. The same patterns hold a lazy `import()`
 * (no-restricted-syntax on ImportExpression): a deferred chunk of another
 * feature is loaded by the feature itself, behind its public module
 * (payments' LaterPaymentResumeNotice, checkout's refreshCartTextsLater). Only
 * the routes table and the program's entry name other modules' chunks by path
 * (the block below the boundaries).
 */
const restricted = (message, ...regexes) => ({
  'no-restricted-imports': ['error', { paths: [TYPED_HOOKS], patterns: regexes.map((regex) => ({ regex, message })) }],
  'no-restricted-syntax': [
    'error',
    ...regexes.map((regex) => ({ selector: `ImportExpression[source.value=/${selectorRegex(regex)}/]`, message })),
  ],
});
const boundaries = (...regexes) => restricted(PUBLIC_MODULE, ...regexes);

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'coverage/**', 'test-results/**', 'playwright-report/**', 'public/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    // Typed hooks only (house style 4), and feature boundaries from outside the features (app, flows, ui, host...).
    // Type tests (*.typetest.ts) probe the features' endpoints themselves, so they may reach inside. The page head's
    // drawing (boot/firstPaint.ts) is bundled on its own, before the app: it takes a feature's pure leaf modules,
    // because a public module would bring the app's store into the page's head.
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: ['src/client/app/hooks.ts', 'src/client/**/*.typetest.ts', 'src/client/boot/firstPaint.ts'],
    rules: boundaries(
      '^\\./features/[^/]+/.',
      '^\\.\\./features/[^/]+/.',
      '^\\.\\./\\.\\./features/[^/]+/.',
      '^\\./session/.',
      '^\\.\\./session/.',
    ),
  },
  {
    // Inside a feature: ../<other>/<file> (or ../../<other>/<file> one folder down) is a deep import.
    files: ['src/client/features/*/*.{ts,tsx}'],
    rules: boundaries('^\\.\\./[^./][^/]*/.', '^\\.\\./\\.\\./session/.'),
  },
  {
    files: ['src/client/features/*/*/*.{ts,tsx}'],
    rules: boundaries('^\\.\\./\\.\\./[^./][^/]*/.', '^\\.\\./\\.\\./\\.\\./session/.'),
  },
  {
    // The session layer is below the features: it imports no feature and no flow, statically or lazily.
    files: ['src/client/session/**/*.{ts,tsx}'],
    ignores: ['src/client/**/*.typetest.ts'],
    rules: restricted(BELOW_FEATURES, '^\\.\\./(features|flows)(/|$)'),
  },
  {
    // The routes table loads each page by path (`import()`), and the program's entry starts its first chunks
    // (the shop's first requests, the shell) the same way: the only lazy imports that name another module's file.
    files: ['src/client/app/routes.ts', 'src/client/index.tsx'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // No import loops (house style 9), not even through the lazy routes table: import-x follows every import, import() too.
    files: ['src/client/**/*.{ts,tsx}', 'src/shared/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mjs', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] })],
    },
    rules: {
      // maxDepth bounds the search (the longest legitimate chain in the app is far shorter); packages are not followed.
      'import-x/no-cycle': ['error', { ignoreExternal: true, maxDepth: 12 }],
    },
  },
  {
    // Two programs on one contract (DESIGN.md): the app (src/client) and the staff program (src/staff) never import
    // each other, and neither imports the service (src/server); what both use lives in src/shared or src/ui-kit, which
    // import neither program. import-x resolves every import, import() and `export ... from` too, so a lazy import or a
    // path that climbs the folders another way is held as well (proven in src/staff/boundaries.test.ts).
    files: ['src/client/**/*.{ts,tsx}', 'src/staff/**/*.{ts,tsx}', 'src/shared/**/*.{ts,tsx}', 'src/ui-kit/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mjs', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/staff', from: './src/client', message: 'The staff program imports nothing from the app: move what both use to src/shared or src/ui-kit.' },
            { target: './src/client', from: './src/staff', message: 'The app imports nothing from the staff program: move what both use to src/shared or src/ui-kit.' },
            { target: ['./src/client', './src/staff', './src/shared', './src/ui-kit'], from: './src/server', message: 'Browser code imports nothing from the service (src/server).' },
            { target: ['./src/shared', './src/ui-kit'], from: ['./src/client', './src/staff'], message: 'src/shared and src/ui-kit serve both programs: they import neither.' },
          ],
        },
      ],
    },
  },
  {
    // The staff program and the UI kit: no import loops either.
    files: ['src/staff/**/*.{ts,tsx}', 'src/ui-kit/**/*.{ts,tsx}'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true, maxDepth: 12 }] },
  },
  {
    // The shared code runs in both programs: no Node APIs.
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*', 'fs', 'path', 'crypto'], message: 'src/shared runs in the browser too.' }] }],
    },
  },
);
