/**
 * The web's import-boundary rule (apps/web/eslint-boundaries.js) can fail: each upward or sideways import below,
 * linted as if it sat at the given path, must be reported; the allowed directions must not be.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The boundaries rules' messages for `code` placed at `path` (relative to apps/web/src). */
async function boundaryErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}apps/web/src/${path}` });
  return (result?.messages ?? []).filter((m) => m.ruleId?.startsWith('boundaries/')).map((m) => m.message);
}

describe('web import boundaries', () => {
  it.each([
    ['a feature importing app/', 'features/cart/fixture.ts', "import { ROUTES } from '../../app/routes';"],
    [
      'a feature importing another feature',
      'features/checkout/fixture.ts',
      "import { GIFT_NOTICE } from '../catalog/components/catalog-footer';",
    ],
    [
      'a feature loading another feature lazily',
      'features/cart/fixture.ts',
      "export const page = () => import('../product/components/product-page');",
    ],
    [
      'components importing a feature',
      'components/fixture.ts',
      "import { CartPage } from '../features/cart/components/cart-page';",
    ],
    ['stores importing components', 'stores/fixture.ts', "import { Modal } from '../components/modal';"],
    ['stores importing app/', 'stores/order/fixture.ts', "import { ROUTES } from '../../app/routes';"],
    ['lib importing stores', 'lib/fixture.ts', "import { useAppStore } from '../stores/app-store';"],
    ['a file outside every layer', 'helpers/fixture.ts', 'export const one = 1;'],
  ])('reports %s', async (_name, path, code) => {
    expect(await boundaryErrors(path, code)).not.toEqual([]);
  });

  it('allows the downward imports and packages', async () => {
    const feature = [
      "import { useAppStore } from '../../../stores/app-store';",
      "import { Modal } from '../../../components/modal';",
      "import { apiCall } from '../../../lib/api-client';",
      "import { formatReais } from '@vitrine/contracts/money';",
      "import { useState } from 'react';",
      "import { CartSummary } from './cart-summary';",
      'export const all = [useAppStore, Modal, apiCall, formatReais, useState, CartSummary];',
    ].join('\n');
    expect(await boundaryErrors('features/cart/components/fixture.tsx', feature)).toEqual([]);
    const app =
      "import { CartPage } from '../features/cart/components/cart-page';\nexport const page = CartPage;";
    expect(await boundaryErrors('app/fixture.tsx', app)).toEqual([]);
  });
});
