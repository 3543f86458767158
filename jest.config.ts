import type { Config } from 'jest';

const esmPackages = [
  'dinero\\.js',
  '@dinero\\.js',
  'react-intl',
  '@formatjs',
  'intl-messageformat',
  'until-async',
  'rettime',
  '@open-draft',
  // An ESM-only dependency of @fastify/static that it require()s (Node 20.19+ can; Jest cannot).
  // (cookie, also ESM-only, is loaded by @fastify/cookie with import(), which Jest's ESM support handles.)
  'content-disposition',
];

const transform: Config['transform'] = {
  '^.+\\.[mc]?tsx?$': ['ts-jest', { tsconfig: 'tsconfig.json', diagnostics: false }],
  // Dependencies that ship only ES modules are turned into CommonJS for Jest.
  '^.+\\.m?js$': [
    'babel-jest',
    { babelrc: false, configFile: false, presets: [['@babel/preset-env', { targets: { node: 'current' }, modules: 'commonjs' }]] },
  ],
};
const transformIgnorePatterns = [
  `/node_modules/(?!(${esmPackages.join('|')})/)`,
  // The lint config is loaded as the ES module it is (by ESLint's Node API in src/client/app/boundaries.test.ts).
  '/eslint\\.config\\.mjs$',
];

const config: Config = {
  // Every core (Jest's default leaves one to its own process, which waits): on this 2-core machine two test
  // files at a time, the whole run in 523 s instead of about 1,000. Each service test has its own database
  // (PGlite in memory, or a throwaway database on DATABASE_URL's server: test/harness.ts).
  maxWorkers: '100%',
  projects: [
    {
      displayName: 'shared',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/shared/**/*.test.ts'],
      transform,
      transformIgnorePatterns,
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/server/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/src/server/test/setup.ts'],
      transform,
      transformIgnorePatterns,
    },
    {
      displayName: 'client',
      globals: { __API_HOST__: '', __TEST_API_HOST__: '', __IDENTITY_BASE__: '', __APP_VERSION__: 'v2.0.3', __DEV__: false, __MAP_TILES_URL__: '', __MAP_ATTRIBUTION__: '' },
      testEnvironment: 'jest-fixed-jsdom',
      testEnvironmentOptions: { url: 'http://localhost/' },
      testMatch: ['<rootDir>/src/client/**/*.test.{ts,tsx}'],
      setupFilesAfterEnv: ['<rootDir>/src/client/test/setup.ts'],
      moduleNameMapper: {
        // A locale's part (?part=first|later) is the whole locale under Jest.
        '^(.+\\.json)\\?part=\\w+$': '$1',
        '\\.(css)$': '<rootDir>/__mocks__/styleMock.ts',
        '\\.(png|jpe?g|gif|svg|webp)$': '<rootDir>/__mocks__/fileMock.ts',
      },
      transform,
      transformIgnorePatterns,
    },
    {
      // The staff program (src/staff) and the UI kit both programs use (src/ui-kit): its own setup and stand-ins (src/staff/test).
      displayName: 'staff',
      testEnvironment: 'jest-fixed-jsdom',
      testEnvironmentOptions: { url: 'http://localhost/staff/' },
      testMatch: ['<rootDir>/src/staff/**/*.test.{ts,tsx}', '<rootDir>/src/ui-kit/**/*.test.{ts,tsx}'],
      setupFilesAfterEnv: ['<rootDir>/src/staff/test/setup.ts'],
      // The back office's map brings Leaflet's style sheet (an empty stand-in under Jest, as for the app).
      moduleNameMapper: { '\\.(css)$': '<rootDir>/__mocks__/styleMock.ts' },
      transform,
      transformIgnorePatterns,
    },
  ],
};

export default config;
