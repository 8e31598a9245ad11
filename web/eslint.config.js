import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// bulletproof-react's unidirectional layout: shared code (components, lib, config, types) never
// imports a feature or the app, and a feature never imports another feature (what two features
// need moves down into components or lib). Imports go through the `@/` alias (a relative path
// could climb out of a feature unseen), except for files in the same folder.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const APP = { regex: '^@/app(/|$)', message: 'Only src/app composes routes and pages: nothing else imports it.' };
const PARENT = { regex: '^(\\.\\./)+(?!\\.\\./|public/)', message: 'Import through the @/ alias (e.g. @/features/agents/api/agents), not a relative path.' };
const otherFeatures = (feature) => ({
  regex: `^@/features/(?!${feature}/)`,
  message: `Features do not import each other: move what "${feature}" shares with another feature down into src/components or src/lib.`,
});
const FEATURES = { regex: '^@/features(/|$)', message: 'Shared code (components, lib, config, types) does not import features.' };

export default tseslint.config(
  { ignores: ['dist', 'coverage', 'playwright-report', 'test-results', 'src/lib/api-types.ts'] },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      ecmaVersion: 2022,
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: {
      'react-hooks': reactHooks,
      'react-refresh': reactRefresh,
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  // (One block per file kind: a later block's options replace an earlier one's, they do not add up.)
  ...features.flatMap((feature) => [
    {
      files: [`src/features/${feature}/**/*.{ts,tsx}`],
      rules: { 'no-restricted-imports': ['error', { patterns: [otherFeatures(feature), APP, PARENT] }] },
    },
    {
      // A feature's tests may render the app around it.
      files: [`src/features/${feature}/**/*.test.{ts,tsx}`],
      rules: { 'no-restricted-imports': ['error', { patterns: [otherFeatures(feature), PARENT] }] },
    },
  ]),
  {
    files: ['src/components/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}', 'src/config/**/*.{ts,tsx}', 'src/types/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [FEATURES, APP, PARENT] }] },
  },
  {
    files: ['src/**/*.test.{ts,tsx}', 'src/testing/**', 'src/lib/**', 'e2e/**'],
    rules: { 'react-refresh/only-export-components': 'off' },
  },
);
