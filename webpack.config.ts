/**
 * Builds the app: code split by route, hashed file names, our TypeScript
 * through ts-loader (target ES2020) and dependencies downlevelled by Babel to
 * what the in-app browsers of iOS 15 and Android WebView 90 parse.
 */
import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import webpack, { type Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { FirstScreenPlugin, headStartConfig } from './scripts/first-screen-plugin';
import { HOME_PICTURES_ABOVE_FOLD } from './src/client/features/shop/homePictures';
import { InitialSizePlugin } from './scripts/initial-size-plugin';
import { PrecompressPlugin } from './scripts/precompress-plugin';
import { offlinePlugins } from './scripts/offline-plugin';

/** What every page loads beside the entry chunks, in parallel with them (webpackChunkName of each). */
const SHELL_CHUNKS = ['shell'];
/** What a table link's first screen loads besides (webpackChunkName of each). */
const TABLE_LINK_CHUNKS = ['page-entry', 'enter-shop', 'page-home'];
const FIRST_SCREEN_CHUNK_NAMES = new Set([...SHELL_CHUNKS, ...TABLE_LINK_CHUNKS]);
/**
 * The libraries every screen runs: one initial chunk, compressed together (a library alone in a chunk
 * compresses worse, react-router 11.5 KiB gz in the vendor chunk, 13.0 alone).
 */
const CORE_LIBRARIES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|react-intl|@formatjs|intl-messageformat|@reduxjs|immer|redux|react-redux|reselect|redux-thunk|use-sync-external-store|redux-persist|dinero\.js|@dinero\.js|tslib|cookie|set-cookie-parser)[\\/]/;
const LOCALE_CHUNKS = { en: 'locale-en', 'zh-CN': 'locale-zh-CN', 'zh-TW': 'locale-zh-TW' };

const BROWSER_TARGETS = { ios: '15', chrome: '90', safari: '15' };
const ES2021_PLUS = [
  'transform-class-properties',
  'transform-class-static-block',
  'transform-private-methods',
  'transform-private-property-in-object',
  'transform-logical-assignment-operators',
  'transform-numeric-separator',
];

/**
 * Issue 24: the build transpiles, it does not type-check (`npm test` runs `tsc --noEmit`, CI with it):
 * ts-loader's type check of the whole program, once per build of the two, was most of a fresh
 * `npm start`'s two minutes.
 */
const TS_LOADER_OPTIONS = { transpileOnly: true, compilerOptions: { sourceMap: true } };

type Config = Configuration & { devServer?: DevServerConfiguration };

/**
 * `webpack --env start` (what `npm start` runs, issue 24): the same production build of the same code,
 * without what only a release needs, so a fresh clone shows its table links sooner. No source maps;
 * no brotli 11 / gzip 9 copies (the service compresses at its own fast level what has none,
 * @fastify/compress); no size budget (`npm run build` and CI check it, on the same minification);
 * and webpack's filesystem cache, so a second start rebuilds only what changed.
 */
interface BuildEnv {
  start?: boolean;
}

/**
 * Two builds: the customer app (dist/) and the kitchen and counter screen
 * (dist/staff/, served at /staff/), each its own bundle: the screen shares no
 * chunk with the app, so the app's initial JavaScript is the app's alone.
 */
export default (env: BuildEnv | undefined, argv: { mode?: Configuration['mode'] }): Config[] => {
  const start = Boolean(env?.start);
  const app = appConfig(start, argv);
  return [app, staffConfig(app, start)];
};

/** What `npm start` leaves out of a production build (BuildEnv). */
function startOptions(start: boolean, name: string): Pick<Configuration, 'cache' | 'devtool'> | null {
  if (!start) return null;
  return {
    devtool: false,
    // Beside Babel's own cache (node_modules/.cache/babel-loader); the config, the build's plugins and
    // loaders (scripts/), the TypeScript settings and the installed versions are what else decides the output.
    cache: {
      type: 'filesystem',
      name: `start-${name}`,
      buildDependencies: { config: [__filename, path.resolve(__dirname, 'scripts') + path.sep, path.resolve(__dirname, 'tsconfig.json'), path.resolve(__dirname, 'package-lock.json')] },
    },
  };
}

/**
 * The scripts' minifier in every production build (issue 24): swc's, not webpack's default Terser. Terser
 * was most of a fresh `npm start` (about 25 s of CPU of 55, one worker a build on two cores), and its
 * second compress pass had already been dropped from a start, so a start served other scripts than a
 * release. swc's minifier writes smaller scripts than Terser's two passes (entry 122.6 KiB gz against
 * 123.3, the first screen 149.3 against 150.0) in a fraction of the time, so a start and a release now
 * minify alike. Webpack's own minimizer ('...') still minifies the HTML; its JavaScript is left to swc.
 */
const SWC_MINIFY = { compress: { passes: 2 }, mangle: true, ecma: 2020 };
function minification(production: boolean): Pick<NonNullable<Configuration['optimization']>, 'minimizeOptions' | 'minimizer'> {
  if (!production) return {};
  return {
    minimizeOptions: { javascript: false },
    minimizer: ['...', new MinimizerPlugin({ test: /\.[cm]?js(\?.*)?$/i, minify: MinimizerPlugin.swcMinify, minimizerOptions: SWC_MINIFY })],
  };
}

function staffConfig(app: Config, start: boolean): Config {
  const production = app.mode === 'production';
  const release = production && !start;
  return {
    ...app,
    name: 'staff',
    // Built beside the app's build, at once (issue 24: one after the other was a fresh start's longest wait);
    // the app's build leaves this folder to it.
    // The ready board (issue 26 section 4) is a page of its own in this build, board.html: a small entry
    // with no sign-in, sharing only library chunks with the screen.
    entry: { staff: './src/staff/index.tsx', board: './src/staff/board/index.tsx' },
    // Relative in the build (the page is served at /staff/); the dev server serves both builds from memory, so the screen's files get their own path.
    output: { ...app.output, path: path.resolve(__dirname, 'dist', 'staff'), clean: true, publicPath: production ? '' : '/staff/' },
    plugins: [
      new HtmlWebpackPlugin({ template: 'public/staff.html', filename: 'index.html', chunks: ['staff'], inject: 'body', scriptLoading: 'defer' }),
      new HtmlWebpackPlugin({ template: 'public/board.html', filename: 'board.html', chunks: ['board'], inject: 'body', scriptLoading: 'defer' }),
      ...(release
        ? // Lowered from 100 KiB each when the staff program's English stopped shipping as a second copy (94.8 / 83.5 KiB).
          [new InitialSizePlugin({ label: 'Kitchen screen', entryBytes: 96 * 1024, firstScreenBytes: 96 * 1024, firstScreenChunks: ['kitchen'], entries: ['staff'] }),
            new InitialSizePlugin({ label: 'Ready board', entryBytes: 85 * 1024, firstScreenBytes: 85 * 1024, firstScreenChunks: [], entries: ['board'] }), new PrecompressPlugin()]
        : []),
    ],
    // A signed-in screen opens on the kitchen: the entry and the kitchen section's chunk are its first load (the
    // other sections, src/staff/app/sections.tsx, and the sign-in load when shown).
    // The screen parses its own messages at run time: none of the app's message compiling, stripping or parser alias.
    resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js'] },
    module: {
      rules: (app.module?.rules ?? []).map((rule) =>
        rule && typeof rule === 'object' && String(rule.test) === String(/\.tsx?$/)
          ? { ...rule, use: [{ loader: 'ts-loader', options: TS_LOADER_OPTIONS }] }
          : rule,
      ),
    },
    optimization: { splitChunks: { chunks: 'all' }, runtimeChunk: false, ...minification(production) },
    ...(start ? { cache: startOptions(start, 'staff')!.cache } : {}),
    devServer: undefined,
  };
}

function appConfig(start: boolean, argv: { mode?: Configuration['mode'] }): Config {
  const mode = argv.mode ?? 'production';
  const production = mode === 'production';
  const release = production && !start;
  const quick = production ? startOptions(start, 'app') : null;
  return {
    name: 'app',
    mode,
    entry: { app: './src/client/index.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist'),
      filename: production ? '[name].[contenthash:10].js' : '[name].js',
      // Numbered chunk files in production: the runtime every page loads then carries no name map
      // (the head's preloads say which chunk each is, in data-chunk).
      chunkFilename: production ? '[id].[contenthash:8].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      publicPath: '',
      // The kitchen screen's build (dist/staff/) runs beside this one and cleans its own folder.
      clean: { keep: /^staff[\\/]/ },
      // SPEC section 2: chunk loading times out after 120 s.
      chunkLoadTimeout: 120_000,
      // Every chunk names the global it pushes itself onto: a short one.
      chunkLoadingGlobal: 'hbbChunks',
      environment: { arrowFunction: true, const: true, destructuring: true, dynamicImport: true, module: false, optionalChaining: true, templateLiteral: true },
    },
    target: ['web', 'es2020'],
    devtool: quick ? quick.devtool : production ? 'source-map' : 'eval-cheap-module-source-map',
    ...(quick ? { cache: quick.cache } : {}),
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js'],
      // The locales are compiled to the ICU AST at build time (scripts/compile-messages-loader.cjs),
      // so the app never parses a message: the parser stays out of the bundle.
      alias: production
        ? { '@formatjs/icu-messageformat-parser$': require.resolve('@formatjs/icu-messageformat-parser/no-parser.js') }
        : {},
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: [
            // Production ships compiled messages for every id, so the code's English defaults are dead weight.
            ...(production ? [path.resolve(__dirname, 'scripts/strip-default-messages-loader.cjs')] : []),
            { loader: 'ts-loader', options: TS_LOADER_OPTIONS },
          ],
        },
        // The catalogue's roles are the service's check; the browser reads only the service types (issue 28: the entry's budget).
        ...(production
          ? [{ test: /[\\/]shared[\\/]protocol[\\/]catalogue\.ts$/, enforce: 'post' as const, use: path.resolve(__dirname, 'scripts/strip-catalogue-roles-loader.cjs') }]
          : []),
        {
          // Dependencies ship newer syntax (class static blocks in intl-messageformat).
          test: /\.m?js$/,
          include: /node_modules/,
          use: {
            loader: 'babel-loader',
            options: {
              cacheDirectory: true,
              babelrc: false,
              configFile: false,
              compact: true,
              presets: [
                [
                  '@babel/preset-env',
                  {
                    targets: BROWSER_TARGETS,
                    modules: false,
                    bugfixes: true,
                    // The targets parse some ES2021/2022 syntax, but every chunk must parse as ES2020 (es-check in CI).
                    include: ES2021_PLUS,
                  },
                ],
              ],
            },
          },
        },
        // Issue 24: the components of react-router's and react-intl's that no page renders are dropped (the loader says why).
        ...(production
          ? [{ test: /[\\/]node_modules[\\/](react-router[\\/]dist[\\/].*\.mjs|react-intl[\\/]index\.js)$/, enforce: 'pre' as const, use: path.resolve(__dirname, 'scripts/pure-components-loader.cjs') }]
          : []),
        {
          test: /[\\/]src[\\/]client[\\/]i18n[\\/]locales[\\/][^\\/]+\.json$/,
          type: 'javascript/auto',
          use: path.resolve(__dirname, 'scripts/compile-messages-loader.cjs'),
        },
        // A feature's public module (features/<name>/index.ts, house style 9) only re-exports: flagged free of
        // side effects, an import through it costs only what the importer uses (webpack's own analysis would keep
        // every re-exported module, because a slice's createSlice() call counts as a side effect).
        // The session layer's public module (session/index.ts) likewise.
        { test: /[\\/]src[\\/]client[\\/](features[\\/][^\\/]+|session)[\\/]index\.ts$/, sideEffects: false },
        { test: /\.css$/, type: 'asset/source' },
        { test: /\.(png|svg|jpe?g|webp)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: 'public/index.html', inject: 'head', scriptLoading: 'defer' }),
      new FirstScreenPlugin({
        locales: LOCALE_CHUNKS,
        always: SHELL_CHUNKS,
        entryChunks: TABLE_LINK_CHUNKS,
        // The table link's first requests from the page's head (src/client/boot/headStart.ts).
        headStart: headStartConfig({
          apiHost: process.env.API_HOST,
          testApiHost: process.env.TEST_API_HOST,
          appName: 'HBBOrder',
          homeGoodsPageSize: 20,
          pictures: HOME_PICTURES_ABOVE_FOLD,
          pictureSize: 320,
          locales: Object.keys(LOCALE_CHUNKS),
        }),
      }),
      new webpack.DefinePlugin({
        __API_HOST__: JSON.stringify(process.env.API_HOST ?? ''),
        __TEST_API_HOST__: JSON.stringify(process.env.TEST_API_HOST ?? ''),
        __IDENTITY_BASE__: JSON.stringify(process.env.IDENTITY_BASE ?? ''),
        __APP_VERSION__: JSON.stringify('v2.0.3'),
        __DEV__: JSON.stringify(!production),
        __MAP_TILES_URL__: JSON.stringify(process.env.MAP_TILES_URL ?? ''),
        __MAP_ATTRIBUTION__: JSON.stringify(process.env.MAP_ATTRIBUTION ?? ''),
      }),
      // ---- The offline app (issue 29 section 5), production only: the web app manifest with its icons and the
      // service worker (Workbox InjectManifest, dist/sw.js), all in scripts/offline-plugin.ts.
      ...(production ? offlinePlugins() : []),
      // ---- End of the offline app's block.
      // The size budget of issue 14: over it the build fails. Issue 24 counts the page head's inline
      // script (its preloads, head start and drawing, 10.0 KiB gz) before the first screen, and its goal
      // is met: 149.7 KiB before the first screen (159.4 before), the budget 150 KiB; the entry 123.0 KiB
      // (130.1 before), its budget 123.5. What went: react-router's and react-intl's components no page
      // renders (scripts/pure-components-loader.cjs; the app's own Link and NavLink, ui/links.tsx), RTK's
      // listener middleware (app/listeners.ts), redux-persist's PersistGate, the language switch's refresh
      // (app/refreshContent.ts), the goods options endpoints (features/menu/goodsOptionsApi.ts), and the
      // list pages', validation, confirmation and payment texts (the locale's later part, messageParts.ts),
      // and the confirmation dialog itself (ui/ConfirmDialogHost.tsx, asked for at idle): at 149.998 KiB a
      // build whose runtime Terser happened to name differently (the same input, a byte more gzipped) failed.
      ...(release
        ? [
            new InitialSizePlugin({
              entryBytes: 123.5 * 1024,
              firstScreenBytes: 150 * 1024,
              firstScreenChunks: [...SHELL_CHUNKS, ...TABLE_LINK_CHUNKS],
              oneOf: Object.values(LOCALE_CHUNKS),
              page: 'index.html',
            }),
            // Each file also written compressed once, at the highest levels: the service sends those.
            new PrecompressPlugin(),
          ]
        : []),
    ],
    optimization: {
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          vendor: { name: 'vendor', test: CORE_LIBRARIES, chunks: 'all', enforce: true, priority: 30 },
          // The shell and a table link's first screen (the entry page, the shop entry, the home page and
          // the code they share: shop and menu APIs, routes, the opening-hours guard) are one download,
          // not five small ones that each compress alone and copy the modules they share.
          firstScreen: {
            name: 'first-screen',
            chunks: (chunk: webpack.Chunk) => FIRST_SCREEN_CHUNK_NAMES.has(chunk.name ?? ''),
            test: /[\\/]src[\\/]/,
            enforce: true,
            priority: 20,
          },
        },
      },
      runtimeChunk: 'single',
      // The shortest ids and export names for what is used most (every chunk refers to them).
      ...(production ? { moduleIds: 'size' as const, chunkIds: 'size' as const, mangleExports: 'size' as const } : {}),
      ...minification(production),
    },
    performance: { hints: false },
    devServer: {
      host: '127.0.0.1',
      port: 8081,
      proxy: [{ context: ['/HBBAPI', '/oss', '/sandbox', '/staff', '/events'], target: 'http://127.0.0.1:8080' }],
    },
  };
}
