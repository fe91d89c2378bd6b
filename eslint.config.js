// Lint: typescript-eslint's recommended rules, plus the layering rule that keeps
// server/ free of Electron (the service must run under plain Node).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { languageOptions: { globals: { ...globals.node } } },
  {
    files: ['**/*.ts'],
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
      'server/api/**/present*.ts',
      'server/api/**/service.ts',
      'server/api/**/writes.ts',
      'server/api/**/list.ts',
      'server/api/shared/post-writes.ts',
      'server/api/shared/linked-posts.ts',
      'server/api/shared/translations.ts',
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
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'electron', message: 'server/ must run under plain Node: never import electron here.' }] },
      ],
    },
  },
);
