/**
 * The web's import-boundary rule (apps/web/eslint-boundaries.js) can fail: each upward or sideways import below,
 * linted as if it sat at the given path, must be reported; the allowed directions must not be. (No file imports one
 * that imports it back: the repository's file-graph test, apps/server/src/test/import-boundaries.test.ts.)
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
    [
      'a console section importing another section',
      'console/sales/components/fixture.tsx',
      "import { useSellers } from '../../delivery/api/delivery';",
    ],
    [
      'a console section loading another section lazily',
      'console/orders/components/fixture.tsx',
      "export const page = () => import('../../catalog/components/catalog-page');",
    ],
    [
      "a console section importing the console's root",
      'console/team/components/fixture.tsx',
      "import { ConsoleRoutes } from '../../routes';",
    ],
    [
      "the console's shared parts importing a section",
      'console/components/fixture.tsx',
      "import { AuthCard } from '../session/components/auth-card';",
    ],
    [
      "the console's shared api importing a section",
      'console/api/fixture.ts',
      "import { ordersKey } from '../orders/api/orders';",
    ],
    [
      'the console importing the storefront',
      'console/home/fixture.ts',
      "import { ROUTES } from '../../app/routes';",
    ],
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

  it("allows a console section its own files, the console's shared parts and the layers below", async () => {
    const section = [
      "import { useSellers } from '../api/delivery';",
      "import { SellerForm } from './seller-form';",
      "import { consoleCall } from '../../api/console-api';",
      "import { usePriceTables } from '../../api/price-tables';",
      "import { FormText } from '../../components/form-fields';",
      "import { Modal } from '../../../components/modal';",
      "import { showToast } from '../../../stores/toast-store';",
      "import { buildUrl } from '../../../lib/api-client';",
      "import { storeBody } from '@vitrine/contracts/console-delivery';",
      'export const all = [useSellers, SellerForm, consoleCall, usePriceTables, FormText, Modal, showToast, buildUrl, storeBody];',
    ].join('\n');
    expect(await boundaryErrors('console/delivery/components/fixture.tsx', section)).toEqual([]);
    const root = [
      "import { Sellers } from './delivery/components/sellers';",
      "import { useMe } from './api/me';",
      "import { Loading } from './components/page-state';",
      "export const page = () => import('./catalog/components/catalog-page');",
      'export const all = [Sellers, useMe, Loading];',
    ].join('\n');
    expect(await boundaryErrors('console/fixture.tsx', root)).toEqual([]);
  });
});
