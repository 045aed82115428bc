import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpSink {
  /** smtp://user:password@127.0.0.1:<port>: what SMTP_URL would say. */
  url: string;
  messages: ParsedMail[];
  /** MAIL FROM commands seen, accepted or not. */
  attempts: number;
  close(): Promise<void>;
}

export const SMTP_USER = 'relay-user';
export const SMTP_PASSWORD = 'relay-password';

/**
 * A real SMTP server on loopback (smtp-server, plain text, AUTH required) that
 * keeps every message it accepts. `reject(attempt)` may answer an SMTP error
 * code to a MAIL FROM (421/451: try later; 550: never).
 */
export async function startSmtpSink(
  reject: (attempt: number) => number | undefined = () => undefined,
): Promise<SmtpSink> {
  const sink = { messages: [] as ParsedMail[], attempts: 0 };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) callback(null, { user: auth.username });
      else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onMailFrom(_address, _session, callback) {
      sink.attempts += 1;
      const code = reject(sink.attempts);
      callback(code ? Object.assign(new Error(`Refused by the test (${code})`), { responseCode: code }) : null);
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (message) => {
          sink.messages.push(message);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${port}`,
    get messages() {
      return sink.messages;
    },
    get attempts() {
      return sink.attempts;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
