/**
 * Builds the app: code split by route, hashed file names, our TypeScript
 * through ts-loader (target ES2020) and dependencies downlevelled by Babel to
 * what the in-app browsers of iOS 15 and Android WebView 90 parse.
 */
import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import webpack, { type Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { InitialSizePlugin } from './scripts/initial-size-plugin';

const BROWSER_TARGETS = { ios: '15', chrome: '90', safari: '15' };
const ES2021_PLUS = [
  'transform-class-properties',
  'transform-class-static-block',
  'transform-private-methods',
  'transform-private-property-in-object',
  'transform-logical-assignment-operators',
  'transform-numeric-separator',
];

type Config = Configuration & { devServer?: DevServerConfiguration };

/**
 * Two builds: the customer app (dist/) and the kitchen and counter screen
 * (dist/staff/, served at /staff/), each its own bundle: the screen shares no
 * chunk with the app, so the app's initial JavaScript is the app's alone.
 */
export default (env: unknown, argv: { mode?: Configuration['mode'] }): Config[] => {
  const app = appConfig(env, argv);
  return [app, staffConfig(app)];
};

function staffConfig(app: Config): Config {
  const production = app.mode === 'production';
  return {
    ...app,
    name: 'staff',
    // After the app's build, whose output folder it sits in (the app cleans dist/ first).
    dependencies: ['app'],
    entry: { staff: './src/staff/index.tsx' },
    // Relative in the build (the page is served at /staff/); the dev server serves both builds from memory, so the screen's files get their own path.
    output: { ...app.output, path: path.resolve(__dirname, 'dist', 'staff'), clean: true, publicPath: production ? '' : '/staff/' },
    plugins: [
      new HtmlWebpackPlugin({ template: 'public/staff.html', filename: 'index.html', inject: 'body', scriptLoading: 'defer' }),
      ...(production ? [new InitialSizePlugin({ label: 'Kitchen screen JavaScript', budgetBytes: 100 * 1024 })] : []),
    ],
    optimization: { splitChunks: { chunks: 'all' }, runtimeChunk: false },
    devServer: undefined,
  };
}

function appConfig(_env: unknown, argv: { mode?: Configuration['mode'] }): Config {
  const mode = argv.mode ?? 'production';
  const production = mode === 'production';
  return {
    name: 'app',
    mode,
    entry: { app: './src/client/index.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist'),
      filename: production ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      publicPath: '',
      // The kitchen screen's build (dist/staff/) runs after this one.
      clean: true,
      // SPEC section 2: chunk loading times out after 120 s.
      chunkLoadTimeout: 120_000,
      environment: { arrowFunction: true, const: true, destructuring: true, dynamicImport: true, module: false, optionalChaining: true, templateLiteral: true },
    },
    target: ['web', 'es2020'],
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js'] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: { loader: 'ts-loader', options: { transpileOnly: !production, compilerOptions: { sourceMap: true } } },
        },
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
        { test: /\.css$/, type: 'asset/source' },
        { test: /\.(png|svg|jpe?g|webp)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: 'public/index.html', inject: 'body', scriptLoading: 'defer' }),
      new webpack.DefinePlugin({
        __API_HOST__: JSON.stringify(process.env.API_HOST ?? ''),
        __TEST_API_HOST__: JSON.stringify(process.env.TEST_API_HOST ?? ''),
        __IDENTITY_BASE__: JSON.stringify(process.env.IDENTITY_BASE ?? ''),
        __APP_VERSION__: JSON.stringify('v2.0.3'),
        __DEV__: JSON.stringify(!production),
        __MAP_TILES_URL__: JSON.stringify(process.env.MAP_TILES_URL ?? ''),
        __MAP_ATTRIBUTION__: JSON.stringify(process.env.MAP_ATTRIBUTION ?? ''),
      }),
      ...(production ? [new InitialSizePlugin({ budgetBytes: 150 * 1024 })] : []),
    ],
    optimization: {
      splitChunks: { chunks: 'all' },
      runtimeChunk: 'single',
    },
    performance: { hints: false },
    devServer: {
      host: '127.0.0.1',
      port: 8081,
      proxy: [{ context: ['/HBBAPI', '/oss', '/sandbox', '/staff', '/events'], target: 'http://127.0.0.1:8080' }],
    },
  };
}
