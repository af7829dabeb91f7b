/**
 * Console 'Integrações' (owner only; decision 0038): the shop's messaging channels over what the platform API
 * stores (routes/platform/messaging.ts, same module and contracts), secrets write-only and read back masked,
 * every change audited; "Testar conexão" calls the provider through the channel adapter (the chatbot: a signed
 * ping to its events URL).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { catalogFeeds, connectionTestResult, testableChannel } from '@vitrine/contracts/console-integrations';
import { messagingSettings, messagingSettingsBody } from '@vitrine/contracts/messaging-settings';
import { ok, okSchema } from '../../lib/envelope.ts';
import { catalogFeedsOf, feedShopOf, renewFeedAddress } from '../../flows/integrations/catalog-feeds.ts';
import { editShopMessaging } from '../../flows/integrations/edit.ts';
import {
  testChannelConnection,
  assertWebhookUrls,
  readMessagingSettings,
} from '../../modules/messaging/service.ts';
import { requireStaff } from '../../plugins/staff-auth.ts';
import {
  consoleTags as tags,
  credentialsKeyOf,
  csrfHeaders as headers,
  shopParams as params,
} from './kit.ts';

const url = '/api/console/shops/:shop/integrations/messaging';

export async function consoleIntegrationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { messaging, demoMode } = app.config;
  const credentialsKey = () => credentialsKeyOf(app.config);

  r.get(
    url,
    {
      schema: {
        tags,
        summary: "Console (owner): the shop's channel credentials and chatbot webhook, secrets masked",
        params,
        response: okSchema(messagingSettings),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'owner');
      return ok(await readMessagingSettings(app.db, credentialsKey(), staff.shop));
    },
  );

  r.put(
    url,
    {
      schema: {
        tags,
        summary: "Console (owner): set the shop's channels (as the platform's PUT …/messaging; audit-logged)",
        params,
        headers,
        body: messagingSettingsBody,
        response: okSchema(messagingSettings),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'owner');
      assertWebhookUrls(request.body, demoMode);
      const actor = { userId: staff.userId, label: staff.email };
      const deps = { db: app.db, key: credentialsKey() };
      return ok(await editShopMessaging(deps, actor, staff.shop, request.body));
    },
  );

  r.post(
    `${url}/:channel/test`,
    {
      schema: {
        tags,
        summary: "Console (owner): test a channel's stored credentials against the provider's API",
        description:
          "200 with ok false and the provider's answer in pt-BR when the test fails. `chatbot` POSTs a signed " +
          '`ping` event to the events URL (in production never to a private address).',
        params: params.extend({ channel: testableChannel }),
        headers,
        response: okSchema(connectionTestResult),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'owner');
      credentialsKey();
      const { channel } = request.params;
      const allowPrivate = demoMode;
      return ok(await testChannelConnection(app.db, messaging, staff.shop.id, channel, { allowPrivate }));
    },
  );

  const feeds = '/api/console/shops/:shop/integrations/feeds';
  r.get(
    feeds,
    {
      schema: {
        tags,
        summary:
          "Console (owner): the shop's catalogue feed addresses (Meta, Google) and the products they leave out",
        description:
          'The token in the addresses is made on first use. `leftOut` lists the first 100 products the feeds ' +
          'leave out with why (inactive, no photo, no price, no description); `leftOutCount` all of them.',
        params,
        response: okSchema(catalogFeeds),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'owner');
      return ok(await catalogFeedsOf(app.db, await feedShopOf(app.db, app.config.publicUrl, staff.shop.id)));
    },
  );

  r.post(
    `${feeds}/address`,
    {
      schema: {
        tags,
        summary:
          "Console (owner): 'Gerar novo endereço' — a new feed token; the old addresses answer 404 (audited)",
        params,
        headers,
        response: okSchema(catalogFeeds),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'owner');
      const shop = await feedShopOf(app.db, app.config.publicUrl, staff.shop.id);
      return ok(await renewFeedAddress(app.db, { userId: staff.userId, label: staff.email }, shop));
    },
  );
}
