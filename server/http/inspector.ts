// Serves the flow inspector's own build (dist-inspect, `npm run build`) at /inspect/ when INSPECTOR enables
// it (server/main.ts: on by default in demo mode only), under its own Content-Security-Policy. The page
// reads nothing from the server: the app's pages opened with `?inspect` talk to it in the browser.
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { cspHeader, inspectorCspDirectives } from './security-headers';

export const INSPECTOR_PREFIX = '/inspect/';

export interface InspectorPageOptions {
  /** The inspector's build (index.html and assets/). */
  root: string;
}

/** Registered without fastify-plugin: its hook must reach only its own routes. */
export default async function inspectorPage(app: FastifyInstance, options: InspectorPageOptions) {
  const policy = cspHeader(inspectorCspDirectives());
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('content-security-policy', policy);
    return payload;
  });
  await app.register(fastifyStatic, {
    root: options.root,
    prefix: INSPECTOR_PREFIX,
    index: ['index.html'],
    wildcard: true,
    redirect: true,
    decorateReply: false,
    cacheControl: false,
    // A developer's tool: always the newest build, never a stale copy.
    setHeaders: (reply) => reply.header('cache-control', 'no-store'),
  });
}
