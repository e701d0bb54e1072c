import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// A local SMTP server on a random port that keeps what it receives (tests of outgoing mail).

export interface SinkMessage {
  to: string[];
  /** The raw message with quoted-printable soft line breaks and =3D undone. */
  text: string;
}

export interface SmtpSink {
  url: string;
  messages: SinkMessage[];
  /** Resolves with the next message for `to` (or the first one already received). */
  next(to: string, timeoutMs?: number): Promise<SinkMessage>;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: SinkMessage[] = [];
  /** Called on every message received, by the `next` calls still waiting. */
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          text: raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='),
        });
        for (const wake of [...waiters]) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    next(to, timeoutMs = 5000) {
      return new Promise<SinkMessage>((resolve, reject) => {
        const take = (): boolean => {
          const found = messages.find((m) => m.to.includes(to));
          if (!found) return false;
          messages.splice(messages.indexOf(found), 1);
          resolve(found);
          return true;
        };
        if (take()) return;
        const check = () => {
          if (!take()) return;
          clearTimeout(timer);
          waiters.delete(check);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no mail for ${to}`));
        }, timeoutMs);
        waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
