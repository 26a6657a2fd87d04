import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.tmp/**', 'packages/server/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      // A lookup table read with a caller's key must not answer for `__proto__` or `toString`.
      'no-restricted-syntax': [
        'error',
        {
          selector: "BinaryExpression[operator='in'][right.type='Identifier'][right.name=/^[A-Z][A-Z0-9_]+$/]",
          message: 'Look keys up with Object.hasOwn(TABLE, key) or a Map: `in` also finds inherited keys (__proto__, toString).',
        },
      ],
    },
  },
);
