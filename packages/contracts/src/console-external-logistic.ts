/**
 * Console 'Entrega' (issue 18, decision 0036): the external-logistics switch, the same `externalLogistic` shop
 * setting as Configurações' toggle. `GET|PUT /api/console/shops/{shop}/delivery/external-logistic`.
 */
import { z } from 'zod';

export const externalLogistic = z
  .object({
    externalLogistic: z
      .boolean({ error: 'Informe se a logística é externa (true ou false).' })
      .describe(
        'On: delivery is arranged outside Vitrine (the shop’s own logistics or carrier system); an agent may ' +
          'confirm an order without a delivery option or address',
      ),
  })
  .strict();
export type ExternalLogistic = z.infer<typeof externalLogistic>;
