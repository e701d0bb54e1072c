import type { FastifyRequest } from 'fastify';
import type { AuditActor } from '../audit/audit.service.js';

// Who does an admin action, for its audit entry.

export interface Acting {
  actor: AuditActor & { id: string };
  ip: string;
}

export const acting = (request: FastifyRequest): Acting => ({
  actor: { id: request.user!.id, email: request.user!.email },
  ip: request.ip,
});
