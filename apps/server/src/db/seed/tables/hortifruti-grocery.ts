import type { GroceryLine } from './grocery-line.ts';
import { FOOD_LINES } from './hortifruti-grocery-food.ts';
import { MORE_LINES } from './hortifruti-grocery-more.ts';

export type { GroceryLine } from './grocery-line.ts';

/** Every packaged-goods line of the grocery demo shop, in provider-id order. */
export const GROCERY_LINES: readonly GroceryLine[] = [...FOOD_LINES, ...MORE_LINES];
