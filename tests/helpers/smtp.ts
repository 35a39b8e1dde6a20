/**
 * A loopback SMTP server for tests (the smtp-server package: the real protocol, not a stub): STARTTLS with
 * the test CA's certificate (tests/helpers/tls.ts), AUTH PLAIN/LOGIN against one user, and every message it
 * accepts kept with whether it travelled encrypted. Listens on 127.0.0.1 only; closed by the caller.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { makeTestTls } from './tls';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** The session was under TLS when the message was sent. */
  secure: boolean;
  user: string | undefined;
}

export interface TestSmtp {
  port: number;
  user: string;
  password: string;
  /** PEM file of the CA that signed the server's certificate (SMTP_CA_FILE). */
  caFile: string;
  messages: ReceivedMail[];
  /** The environment a Mostrador server needs to send through this one. */
  env: Record<string, string>;
  close: () => Promise<void>;
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const tls = makeTestTls(mkdtempSync(path.join(tmpdir(), 'mostrador-smtp-')));
  const user = 'comprobantes@comercio.test';
  const password = 'clave-smtp-secreta-987';
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    key: readFileSync(tls.keyFile),
    cert: readFileSync(tls.certFile),
    authMethods: ['PLAIN', 'LOGIN'],
    // Credentials only over TLS, as a real provider does.
    allowInsecureAuth: false,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          secure: session.secure,
          user: session.user as string | undefined,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as { port: number }).port;
  return {
    port,
    user,
    password,
    caFile: tls.caFile,
    messages,
    env: { SMTP_HOST: 'localhost', SMTP_PORT: String(port), SMTP_USER: user, SMTP_PASSWORD: password, SMTP_FROM: `"Comercio de prueba" <${user}>`, SMTP_CA_FILE: tls.caFile },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The text of a received message with quoted-printable soft breaks and escapes undone (links are whole again). */
export function mailText(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
