import type { FastifyRequest } from 'fastify';
import type { Acting } from './audit.service.js';

// Who does an admin action, and from where, for its audit entry: built from `request.actor`
// (plugins/auth.ts), the one place a request's audit actor is made.

export const acting = (request: FastifyRequest): Acting => ({
  actor: request.actor,
  ip: request.ip,
});
