import type { Store } from '../store/store';
import { type AlertDispatcher, type DispatchLog, startAlertDispatcher } from './alert-dispatcher';
import type { AlertSender } from './alert-sender';
import { type EmailSettings, emailSender } from './email-sender';
import { webhookSender } from './webhook-sender';

/** The channels the settings turn on (config.ts checks each is whole). */
export interface AlertChannelSettings {
  email?: EmailSettings;
  webhook?: { url: string; secret: string };
  /** The owner asks to be told when an alert resolves too (ALERT_SEND_RESOLVED); else only openings go out. */
  sendResolved?: boolean;
}

/** One dispatcher per configured channel; stop() stops them all. None configured: nothing runs. */
export function startAlertDispatch(
  store: Store,
  settings: AlertChannelSettings,
  log: DispatchLog,
): { channels: string[]; stop(): Promise<void> } {
  const senders: AlertSender[] = [];
  if (settings.email) senders.push(emailSender(settings.email));
  if (settings.webhook) senders.push(webhookSender(settings.webhook));
  const dispatchers: AlertDispatcher[] = senders.map((sender) =>
    startAlertDispatcher(store, sender, log, { resolved: settings.sendResolved ?? false }),
  );
  return {
    channels: senders.map((sender) => sender.channel),
    async stop() {
      await Promise.all(dispatchers.map((dispatcher) => dispatcher.stop()));
    },
  };
}
