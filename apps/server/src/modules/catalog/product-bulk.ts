/**
 * Bulk edits of the console's product list: a price change by a percentage or a value (every price of the product
 * and of its variants moves together), activate, deactivate, move to a category. All or nothing: each product goes
 * through the writer inside the caller's transaction, and one that would become invalid refuses the whole edit.
 */
import type { BulkAction, BulkEditResult } from '@vitrine/contracts/console-catalog-api';
import { productInput, type ProductInput } from '@vitrine/contracts/console-catalog';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { readProductInputs } from './product-input.ts';
import { saveProductIn } from './product-writer.ts';

export async function bulkEditProducts(
  tx: Queryable,
  shopId: string,
  codes: string[],
  action: BulkAction,
): Promise<BulkEditResult> {
  const unique = [...new Set(codes)];
  const stored = await readProductInputs(tx, shopId, unique);
  if (stored.size !== unique.length)
    throw new AppError('unprocessable', 'catalogBulkMissing', { count: unique.length - stored.size });
  const edited = [...stored.values()].map(({ input }) => edited1(input, action));
  const negative = edited.filter((p) => p === null).length;
  if (negative > 0) throw new AppError('unprocessable', 'catalogBulkNegative', { count: negative });
  let changed = 0;
  for (const next of edited as ProductInput[]) {
    const checked = productInput.safeParse(next);
    if (!checked.success)
      throw new AppError('unprocessable', 'catalogBulkInvalid', {
        name: next.name,
        detail: checked.error.issues[0]!.message,
      });
    const saved = await saveProductIn(tx, shopId, checked.data, 'update');
    if (saved.changes.length > 0) changed++;
  }
  return { selected: unique.length, changed };
}

/** The product after the action; null when a price would go below zero. */
function edited1(p: ProductInput, action: BulkAction): ProductInput | null {
  switch (action.kind) {
    case 'activate':
      return { ...p, isActive: true };
    case 'deactivate':
      return { ...p, isActive: false };
    case 'category':
      return { ...p, categoryCode: action.categoryCode };
    case 'pricePercent':
      return repriced(p, (cents) => Math.round((cents * (100 + action.percent)) / 100));
    case 'priceValue':
      return repriced(p, (cents) => cents + action.cents);
  }
}

function repriced(p: ProductInput, move: (cents: number) => number): ProductInput | null {
  const orNull = (cents: number | null) => (cents === null ? null : move(cents));
  const next: ProductInput = {
    ...p,
    priceCents: move(p.priceCents),
    listPriceCents: orNull(p.listPriceCents),
    promotionalPriceCents: orNull(p.promotionalPriceCents),
    kilogramPriceCents: orNull(p.kilogramPriceCents),
    variants: p.variants.map((v) => ({
      ...v,
      priceCents: move(v.priceCents),
      promotionalPriceCents: orNull(v.promotionalPriceCents),
    })),
  };
  const prices = [
    next.priceCents,
    next.listPriceCents,
    next.promotionalPriceCents,
    next.kilogramPriceCents,
    ...next.variants.flatMap((v) => [v.priceCents, v.promotionalPriceCents]),
  ];
  return prices.some((c) => c !== null && c < 0) ? null : next;
}
