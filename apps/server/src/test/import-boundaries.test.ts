/**
 * The server's import-boundary rule (apps/server/eslint-boundaries.js) can fail: each upward or sideways import
 * below, linted as if it sat at the given path, must be reported; the allowed directions must not be.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The boundaries rules' messages for `code` placed at `path` (relative to apps/server/src). */
async function boundaryErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}apps/server/src/${path}` });
  return (result?.messages ?? []).filter((m) => m.ruleId?.startsWith('boundaries/')).map((m) => m.message);
}

describe('server import boundaries', () => {
  it.each([
    [
      'a module importing a flow (upward)',
      'modules/order/fixture.ts',
      "import { agentConfirmOrder } from '../../flows/agent-confirm.ts';",
    ],
    [
      'a module importing a route (upward)',
      'modules/order/fixture.ts',
      "import { orderRoutes } from '../../routes/order.ts';",
    ],
    [
      "a module importing another module's repository (sideways)",
      'modules/order/fixture.ts',
      "import { findProductByProviderId } from '../catalog/product-repository.ts';",
    ],
    [
      "a module importing another module's SQL (sideways)",
      'modules/checkout/fixture.ts',
      "import { orderItemsJsonSql } from '../order/line-repository.ts';",
    ],
    ['a flow importing a route', 'flows/fixture.ts', "import { orderRoutes } from '../routes/order.ts';"],
    ['db importing a module', 'db/fixture.ts', "import { settle } from '../modules/order/service.ts';"],
    ['lib importing a module', 'lib/fixture.ts', "import { getShop } from '../modules/shop/service.ts';"],
    [
      'an adapter importing a flow',
      'adapters/fixture.ts',
      "import { changePaymentMethod } from '../flows/change-payment-method.ts';",
    ],
    ['a file outside every layer', 'helpers/fixture.ts', 'export const one = 1;'],
  ])('reports %s', async (_name, path, code) => {
    expect(await boundaryErrors(path, code)).not.toEqual([]);
  });

  it('allows the downward imports, a module public face and packages', async () => {
    const route = [
      "import { agentConfirmOrder } from '../flows/agent-confirm.ts';",
      "import { getCurrentOrder } from '../modules/order/service.ts';",
      "import { requireSession } from '../plugins/auth.ts';",
      "import { ok } from '../lib/envelope.ts';",
      "import { z } from 'zod';",
      'export const all = [agentConfirmOrder, getCurrentOrder, requireSession, ok, z];',
    ].join('\n');
    expect(await boundaryErrors('routes/fixture.ts', route)).toEqual([]);
    const module = [
      "import { findCurrentOrder } from './repository.ts';",
      "import { getShop } from '../shop/service.ts';",
      "import type { Queryable } from '../../db/client.ts';",
      "import type { Config } from '../../config.ts';",
      "import { OrderStatus } from '@vitrine/contracts/enums';",
      "import { createHash } from 'node:crypto';",
      'export const all = [findCurrentOrder, getShop, OrderStatus, createHash];',
      'export type Both = [Queryable, Config];',
    ].join('\n');
    expect(await boundaryErrors('modules/order/fixture.ts', module)).toEqual([]);
  });
});
