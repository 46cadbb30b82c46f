import type { FastifyInstance } from 'fastify';
import type { JobHandlers } from './jobs.ts';

/** The worker for each queue; a module that adds a queue in queues.ts adds its handler here. */
export function jobHandlers(_app: FastifyInstance): JobHandlers {
  return {};
}
