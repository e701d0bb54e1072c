import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import { endWithStatus } from './errors.js';
import { bodyTooSlow, checkIntervalMs, type HttpTimeouts } from './http-timeouts.js';

// How long a client may take (docs/decisions/0130). A client that sends its headers or body a
// byte at a time, or never, must not hold a connection (and the memory behind it) for minutes;
// a person uploading a 10 MB photo over a slow line must still get through.
//
// - headers: all of them within `headersTimeoutMs` (Node's headersTimeout, checked often);
// - body: after `bodyGraceMs`, at least `bodyMinBytesPerSecond` on average, counted on the
//   socket (so multipart uploads, which read the raw request, are covered too); time the server
//   itself spends not reading (a full buffer) is not held against the client;
// - the whole request: within `requestTimeoutMs` (Node's requestTimeout), however fast;
// - a connection silent both ways for `idleTimeoutMs` is closed (a client that stopped reading
//   its answer); an idle keep-alive connection after `keepAliveTimeoutMs`.
// Each cut answers 408 (when nothing was answered yet) and closes the connection.

interface Upload {
  socket: Socket;
  request: { complete: boolean; readableLength: number; destroyed: boolean };
  response: { headersSent: boolean };
  /** When the body's clock started (moved on while the server was the one not reading). */
  start: number;
  startBytes: number;
  lastCheck: number;
  id: string;
}

export interface SlowClientsOptions {
  timeouts: HttpTimeouts;
  now?: () => number;
}

export const slowClientsPlugin = fp<SlowClientsOptions>(
  async (app, { timeouts, now = () => performance.now() }) => {
    const uploads = new Set<Upload>();
    const sweep = () => {
      const at = now();
      for (const upload of uploads) {
        const { socket, request } = upload;
        if (request.complete || request.destroyed || socket.destroyed) {
          uploads.delete(upload);
          continue;
        }
        // Bytes waiting in the request's buffer are the server's to read, not the client's
        // to send: that time does not count.
        if (request.readableLength > 0) upload.start += at - upload.lastCheck;
        upload.lastCheck = at;
        const received = socket.bytesRead - upload.startBytes;
        if (bodyTooSlow(at - upload.start, received, timeouts)) {
          uploads.delete(upload);
          app.log.info(
            {
              reqId: upload.id,
              receivedBytes: received,
              seconds: Math.round((at - upload.start) / 1000),
            },
            'request body arrived too slowly: connection closed',
          );
          // Answered already (a refusal before the body was read): just close.
          if (upload.response.headersSent) socket.destroy();
          else endWithStatus(socket, 408, 'The request took too long to arrive. Please try again.');
        }
      }
    };
    const timer = setInterval(sweep, checkIntervalMs(timeouts));
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));

    app.addHook('onRequest', async (request, reply) => {
      const raw = request.raw;
      const hasBody =
        raw.headers['transfer-encoding'] !== undefined ||
        Number(raw.headers['content-length'] ?? 0) > 0;
      // app.inject has no real socket to count on.
      if (!hasBody || raw.complete || !(raw.socket && 'bytesRead' in raw.socket)) return;
      const at = now();
      uploads.add({
        socket: raw.socket,
        request: raw,
        response: reply.raw,
        start: at,
        startBytes: raw.socket.bytesRead,
        lastCheck: at,
        id: request.id,
      });
    });
  },
  { name: 'slow-clients' },
);
