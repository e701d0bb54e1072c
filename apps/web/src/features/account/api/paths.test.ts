import { accountsApiPaths } from '@cutout/contracts';
import { expect, it } from 'vitest';
import { meApiPaths } from './paths';

it('uses the same endpoints as the contracts', () => {
  expect(meApiPaths.me).toBe(accountsApiPaths.me);
  expect(meApiPaths.creditHistory).toBe(accountsApiPaths.creditHistory);
});
