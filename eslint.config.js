// Lint rules, including the one-way import zones of STYLE.md: domain ← pricing ← services/machines ← views ← app.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const layer = (name) => [`**/${name}`, `**/${name}/**`];
const zone = (files, banned, message, allowTypeImports = false) => ({
  files,
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      { patterns: [{ group: banned.flatMap(layer), message, allowTypeImports }] },
    ],
  },
});

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-inspect/**',
      'data/**',
      'node_modules/**',
      'server/db/migrations/**',
      'src/i18n/i18n-*.ts',
      'test-results/**',
      'playwright-report/**',
      'qa-output/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // src/domain has a pricing.ts of its own, so its zone bans leaving the folder rather than folder names.
  {
    files: ['src/domain/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../*', 'react', 'ky', 'xstate'], message: 'src/domain imports nothing of ours.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/domain/api/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../../*', 'react', 'ky', 'xstate'], message: 'src/domain imports nothing of ours.' },
          ],
        },
      ],
    },
  },
  zone(
    ['src/pricing/**'],
    ['machines', 'services', 'views', 'app', 'i18n', 'server', 'react', 'ky', 'xstate'],
    'src/pricing imports only src/domain.',
  ),
  zone(
    ['src/services/**'],
    ['machines', 'views', 'app', 'server', 'react', 'xstate', '@xstate'],
    'src/services knows nothing of React or machines.',
  ),
  zone(
    ['src/machines/**'],
    ['services', 'views', 'app', 'server', 'react', 'ky', '@tanstack', 'i18n'],
    'src/machines import service types only; never ky, the router, React or i18n.',
    true,
  ),
  zone(['src/views/**'], ['services', 'app', 'server', 'ky'], 'src/views never import services.'),
  zone(
    ['server/**'],
    ['src/machines', 'src/services', 'src/views', 'src/app', 'src/i18n', 'react', 'ky', '@tanstack'],
    'server/ imports src/domain and src/pricing, never browser code.',
  ),
);
