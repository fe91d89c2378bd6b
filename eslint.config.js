// Lint: typescript-eslint's recommended rules, plus the layering rules: server/ is free of Electron
// (the service runs under plain Node), and in electron/ only main.ts and preload.ts load it.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'coverage/**', 'renderer/public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { languageOptions: { globals: { ...globals.node } } },
  {
    // electron-builder loads its config with require(): CommonJS on purpose.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Tests read JSON response bodies, whose shape is what they assert: `any` is the honest type there.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Code that runs on every request. On Node 20's V8 each property that follows a spread in an
    // object literal (`{ ...a, b }`, `{ ...a, ...b }`) takes a slow path: ~1.4 µs per property, so
    // one venue cost ~35 µs instead of ~1 µs to present (docs/PERFORMANCE.md, "object spreads").
    // Object.assign, or a literal followed by assignments, is as clear and ~100× faster.
    files: [
      'server/http/**/*.ts',
      'server/domain/**/*.ts',
      'server/db/**/*.ts',
      'server/api/**/present-*.ts',
      'server/api/**/*-json.ts',
      'server/api/shared/json-parts.ts',
      'server/api/**/list.ts',
      'server/operations/**/*.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ObjectExpression > SpreadElement ~ :matches(Property, SpreadElement)',
          message:
            'Request-path code: no properties after a spread in an object literal (slow on V8); use Object.assign or assignments.',
        },
      ],
    },
  },
  {
    // Only main.ts and preload.ts load Electron at run time; every other main-process module takes
    // Electron's objects as arguments (types only), so it runs and is tested under plain Node.
    files: ['electron/**/*.ts'],
    ignores: ['electron/main.ts', 'electron/preload.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              allowTypeImports: true,
              message:
                'Only electron/main.ts and preload.ts import Electron at run time; take its objects as arguments.',
            },
          ],
        },
      ],
    },
  },
  {
    // The UI runs in a browser page: no Node, and nothing of the server or the main process at run
    // time (their types, yes: the API's bodies are typed from the server's schemas).
    files: ['renderer/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'The renderer runs in a browser: no Node modules.' },
            {
              group: ['**/server/**', '**/electron/**'],
              allowTypeImports: true,
              message: 'The renderer may import only types from server/ and electron/ (import type).',
            },
            {
              // The schemas are TypeBox values: they stay on the server; their types are free to use.
              // The recurrence rules are plain code with no dependency: the Repeat control reads,
              // writes and words a rule with the code the service checks it with. So is the month
              // grid's day cut (day-cap.ts), which the range feed makes and the UI makes again for paper.
              group: [
                '**/contract/**',
                '!**/contract/constants.ts',
                '!**/contract/recurrence.ts',
                '!**/contract/recurrence-text.ts',
                '!**/contract/day-cap.ts',
                '!**/contract/currency.ts',
              ],
              allowTypeImports: true,
              message:
                'The renderer imports values only from contract/constants.ts, contract/recurrence*.ts, contract/day-cap.ts and contract/currency.ts; types from any of contract/.',
            },
          ],
          paths: ['fs', 'path', 'os', 'child_process', 'better-sqlite3', 'electron'].map((name) => ({
            name,
            message: 'The renderer runs in a browser: no Node or Electron modules.',
          })),
        },
      ],
      // Every word a user reads comes from the message catalogs (renderer/src/i18n/).
      'no-restricted-syntax': [
        'error',
        {
          selector: 'JSXText[value=/\\p{L}/u]',
          message: 'UI text belongs in the message catalogs: use t("…") (renderer/src/i18n/).',
        },
        {
          selector:
            'JSXAttribute[name.name=/^(aria-label|title|placeholder|alt|label|description|confirmLabel|cancelLabel)$/] > Literal[value=/\\p{L}/u]',
          message: 'UI text belongs in the message catalogs: use t("…") (renderer/src/i18n/).',
        },
      ],
    },
  },
  {
    // The contract is browser-safe: TypeBox schemas and plain constants, nothing of the server, the
    // main process, the UI or Node (the renderer bundles contract/constants.ts).
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'contract/ is browser-safe: no Node modules.' },
            {
              group: ['**/server/**', '**/electron/**', '**/renderer/**'],
              message: 'contract/ stands alone: the server and the UI import it, never the other way.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'electron', message: 'server/ must run under plain Node: never import electron here.' }] },
      ],
    },
  },
  {
    // The layering (docs/architecture.md): http/ is plumbing that knows no resource (what it needs,
    // such as the response components or the discovery document, is passed in by app.ts); api/shared/
    // holds only what all five resources share, never one resource's schemas or engine.
    files: ['server/http/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'server/ must run under plain Node: never import electron here.' }],
          patterns: [
            { group: ['**/api/**', '**/app-api/**'], message: 'http/ knows no resource: have app.ts pass it in.' },
          ],
        },
      ],
    },
  },
  {
    // The operations sit below every protocol (docs/architecture.md): they take an
    // OperationContext and know nothing of HTTP, routes, files or CalDAV, which all call them.
    files: ['server/operations/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', message: 'server/ must run under plain Node: never import electron here.' },
            { name: 'fastify', message: 'operations/ knows nothing of HTTP.' },
          ],
          patterns: [
            {
              group: ['**/http/**', '**/api/**', '**/app-api/**', '**/calendar-files/**', '**/read-worker/**'],
              message: 'operations/ sits below the protocols: they call it, never the other way.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/api/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'server/ must run under plain Node: never import electron here.' }],
          patterns: [
            {
              group: [
                '../events/*',
                '../venues/*',
                '../organizers/*',
                '../categories/*',
                '../tags/*',
                '../linked/*',
                '../terms/*',
              ],
              message: 'api/shared/ holds what all resources share: no resource schemas or engines here.',
            },
          ],
        },
      ],
    },
  },
);
