import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI document built from the route schemas; UI at /api/docs, JSON at /api/docs/json. */
export async function registerSwagger(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Vitrine API',
        version: '1.0.0',
        description:
          'Storefront and assisted-sale API. Every response is `{ success, data, errors[{code, message}] }`; ' +
          'money is reais with two decimals on the wire (integer centavos inside). Authenticate with ' +
          '`Authorization: Bearer <session code>`; the platform API uses the platform key.',
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
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
