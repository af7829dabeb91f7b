import type { FastifyInstance } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { chatbotWebhooks } from './webhooks-doc.ts';

/** OpenAPI document built from the route schemas; UI at /api/docs, JSON at /api/docs/json. */
export async function registerSwagger(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      // 3.1 for the `webhooks` section: the events the chatbot platform receives (docs/events.md).
      openapi: '3.1.0',
      // Plain JSON Schema 2020-12 from zod, which openapi-types' 3.0/3.1 intersection cannot name.
      webhooks: chatbotWebhooks() as OpenAPIV3_1.Document['webhooks'],
      info: {
        title: 'Vitrine API',
        version: '1.0.0',
        description:
          'Storefront and assisted-sale API. Every response is `{ success, data, errors[{code, message}] }`; ' +
          'money is reais with two decimals on the wire (integer centavos inside). Authenticate with ' +
          '`Authorization: Bearer <session code>`; the platform API uses the platform key. The events the ' +
          'chatbot platform receives (signed webhooks) are under `webhooks` (docs/events.md).',
      },
      components: {
        securitySchemes: {
          session: { type: 'http', scheme: 'bearer' },
          platform: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // The docs page's own CSP (hashes of its inline scripts), not the API's 'none' (plugins/security-headers.ts).
  const https = app.config.publicUrl.startsWith('https://');
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // Sections start closed: with every one of 120+ operations open, Swagger UI stops drawing the list after the
    // first two sections (e2e/api-docs.spec.ts opens 'platform' and finds its routes).
    uiConfig: { docExpansion: 'none' },
    staticCSP: true,
    transformStaticCSP: (header) =>
      header
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
        .replace(https ? /$^/ : /\s*upgrade-insecure-requests;?/, ''),
  });
}
