// /api/openapi.json is generated from the same route declarations and zod schemas that validate requests,
// so the document cannot drift from what the server accepts.
import { OpenAPIRegistry, OpenApiGeneratorV3 } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import type { RouteDef } from './http';
import pkg from '../package.json';

const envelope = z.object({
  success: z.boolean(),
  message: z.string(),
  message_code: z.string(),
  data: z.unknown().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

export function buildOpenApi(defs: RouteDef[]): object {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'token', {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
  });
  registry.registerComponent('securitySchemes', 'apiKey', {
    type: 'apiKey',
    in: 'header',
    name: 'X-API-Key',
  });
  for (const def of defs) {
    const path = `/api${def.path.replace(/:(\w+)/g, '{$1}')}`;
    const access =
      def.access === 'public'
        ? 'public'
        : def.access === 'authenticated'
          ? 'any signed-in user'
          : def.access === 'apiKey'
            ? 'API key (X-API-Key or Authorization: ApiKey <key>)'
            : `${def.access.controller}: ${def.access.action}`;
    registry.registerPath({
      method: def.method,
      path,
      summary: def.summary,
      description: `Access: ${access}.`,
      security: def.access === 'public' ? [] : def.access === 'apiKey' ? [{ apiKey: [] }] : [{ token: [] }],
      request: {
        ...(def.body ? { body: { content: { 'application/json': { schema: def.body } } } } : {}),
        ...(def.query && def.query instanceof z.ZodObject ? { query: def.query } : {}),
        ...(def.params && def.params instanceof z.ZodObject ? { params: def.params } : {}),
      },
      responses: {
        200: { description: 'Envelope', content: { 'application/json': { schema: envelope } } },
        400: { description: 'Validation error with per-field messages' },
        401: { description: 'Unauthorized (missing, expired or revoked token)' },
        403: { description: 'Forbidden by the screen permissions' },
        422: { description: 'Refused by a business rule' },
      },
    });
  }
  return new OpenApiGeneratorV3(registry.definitions).generateDocument({
    openapi: '3.0.3',
    info: { title: 'TMS API', version: pkg.version },
  });
}
