import type { Alert, AlertEvent } from '@smart-zone/types/alert';
import nodemailer, { type NodemailerError } from 'nodemailer';
import type { AlertSender, Attempt } from './alert-sender';

export interface EmailSettings {
  /** smtp:// (STARTTLS when the relay offers it) or smtps://, with user:pass when the relay wants them. */
  smtpUrl: string;
  to: string[];
  from: string;
  /** Where the web app is: the message links to the item there. */
  publicUrl: string;
}

/** One message's subject and text: the kind and the item first, so a list of subjects says it all. */
export function alertEmail(
  alert: Alert,
  publicUrl: string,
  event: AlertEvent = 'opened',
): { subject: string; text: string } {
  const link = new URL(`/inventory/${encodeURIComponent(alert.itemId)}`, publicUrl).href;
  if (event === 'resolved') {
    const text = [
      `${alert.itemName} is above its reorder point again (${alert.minStock}).`,
      '',
      `Low since: ${alert.at}`,
      `Resolved: ${alert.resolvedAt}`,
      '',
      link,
      '',
      'Sent by Smart Zone. Every alert is also on the Alerts page.',
    ].join('\n');
    return { subject: `Resolved: ${alert.itemName} is back above its reorder point`, text };
  }
  const subject =
    alert.kind === 'out'
      ? `Out of stock: ${alert.itemName}`
      : `Low stock: ${alert.itemName} (${alert.quantity} left, reorder point ${alert.minStock})`;
  const text = [
    alert.kind === 'out' ? `${alert.itemName} is out of stock.` : `${alert.itemName} is at or below its reorder point.`,
    '',
    `Quantity: ${alert.quantity}`,
    `Reorder point: ${alert.minStock}`,
    `When: ${alert.at}`,
    '',
    link,
    '',
    'Sent by Smart Zone. Every alert is also on the Alerts page.',
  ].join('\n');
  return { subject, text };
}

/**
 * One message per alert, to every address of ALERT_EMAIL_TO, over one pooled
 * SMTP connection. A reply the relay means for good (5xx) fails at once; a
 * 4xx, no connection or a timeout is retried.
 */
export function emailSender(settings: EmailSettings): AlertSender {
  const transport = nodemailer.createTransport({
    url: settings.smtpUrl,
    pool: true,
    maxConnections: 1,
    // Nodemailer's defaults (2 min to connect, 10 min idle) would hold an alert far longer than a retry would.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  return {
    channel: 'email',
    async send(alert, signal, event): Promise<Attempt> {
      try {
        await transport.sendMail({
          from: settings.from,
          to: settings.to,
          ...alertEmail(alert, settings.publicUrl, event),
          headers: { 'X-Smart-Zone-Alert': alert._id, 'X-Smart-Zone-Alert-Event': event },
          signal,
        });
        return { ok: true };
      } catch (caught) {
        const error = caught as NodemailerError;
        return { ok: false, error: error.response ?? error.message, permanent: error.permanent === true };
      }
    },
    close() {
      transport.close();
    },
  };
}
