import type { Role } from '@smart-zone/types/roles';
import type { InvitationEmail } from '@smart-zone/types/team';
import nodemailer, { type NodemailerError } from 'nodemailer';
import type { Logger } from 'pino';

/** SMTP_URL set: invitations are emailed (config.ts). */
export interface InvitationEmailSettings {
  smtpUrl: string;
  /** ALERT_EMAIL_FROM, or Smart Zone <alerts@HOST of PUBLIC_URL>. */
  from: string;
  /** Where the web app is: the email says to open it. */
  publicUrl: string;
}

export interface Invitation {
  email: string;
  role: Role;
  /** The inviting owner's email. */
  invitedBy: string;
}

/** The message: how to join, in steps a person follows without help. */
export function invitationMessage(invitation: Invitation, publicUrl: string): { subject: string; text: string } {
  const signUp = new URL('/signup', publicUrl).href;
  return {
    subject: `You are invited to Smart Zone as ${invitation.role}`,
    text: [
      `${invitation.invitedBy} invited you to their Smart Zone warehouse as ${invitation.role}.`,
      '',
      'To join:',
      `1. Open ${signUp}`,
      `2. Sign up with this exact email address: ${invitation.email}`,
      '   (or sign in with Google, if this address is a Google account).',
      '3. Open the verification link you are sent, then sign in.',
      '',
      `Smart Zone: ${publicUrl}`,
    ].join('\n'),
  };
}

/**
 * Sends each invitation once, in the background: the request that invites
 * never waits for the relay. The last send per email is kept (in memory,
 * since the server started) for the Team page, failures with the relay's words.
 */
export function invitationMailer(settings: InvitationEmailSettings, log?: Logger) {
  const transport = nodemailer.createTransport({
    url: settings.smtpUrl,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  const sends = new Map<string, InvitationEmail>();

  return {
    /** Hands the email to the relay in the background; the state is `sending` until it answers. */
    send(invitation: Invitation): InvitationEmail {
      const started: InvitationEmail = { state: 'sending', at: new Date().toISOString() };
      sends.set(invitation.email, started);
      void transport
        .sendMail({ from: settings.from, to: invitation.email, ...invitationMessage(invitation, settings.publicUrl) })
        .then(
          () => ({ state: 'sent' as const }),
          (caught: unknown) => {
            const error = caught as NodemailerError;
            log?.warn({ err: error }, `The invitation email to ${invitation.email} failed`);
            return { state: 'failed' as const, error: error.response ?? error.message };
          },
        )
        .then((outcome) => {
          // A newer send for the same email has its own state.
          if (sends.get(invitation.email) === started) {
            sends.set(invitation.email, { ...outcome, at: new Date().toISOString() });
          }
        });
      return started;
    },
    /** The last send to this email since the server started, if any. */
    stateOf(email: string): InvitationEmail | undefined {
      return sends.get(email);
    },
  };
}

export type InvitationMailer = ReturnType<typeof invitationMailer>;
