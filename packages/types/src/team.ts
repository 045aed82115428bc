import { z } from 'zod';
import type { invitationEmailSchema, memberSchema, teamSchema } from './api-schemas';
import { reasonSchema } from './audit';
import { ROLES } from './roles';
import { plainText } from './text';

export const roleSchema = z.enum(ROLES, { error: `role must be one of ${ROLES.join(', ')}` });

/** POST /api/team: invite an email with a role; it takes effect when that email signs in verified. */
export const memberInputSchema = z.object({
  email: plainText('Email', { error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email must be at most 254 characters')
    .pipe(z.email('Email must be a valid email address'))
    .transform((email) => email.toLowerCase()),
  role: roleSchema,
  reason: reasonSchema,
});
export type MemberInput = z.output<typeof memberInputSchema>;

/** PATCH /api/team/:email */
export const roleChangeSchema = z.object({ role: roleSchema, reason: reasonSchema });

/** The :email path parameter, normalised as stored. */
export const memberParams = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email('Invalid member: the path must end with an email address'))
    .meta({ description: "The member's email" }),
});

export type Member = z.output<typeof memberSchema>;
export type Team = z.output<typeof teamSchema>;
export type InvitationEmail = z.output<typeof invitationEmailSchema>;

/** A person's display name: what the app calls them wherever it shows who did something (issue 36). */
export const PERSON_NAME_MAX = 60;
export const personNameSchema = z
  .object({
    name: plainText('Name', { error: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(PERSON_NAME_MAX, `Name must be at most ${PERSON_NAME_MAX} characters`)
      .transform((name) => name.replace(/\s+/g, ' ')),
  })
  .strict();

/** An account's name as a display name: no control characters, spaces collapsed, at most PERSON_NAME_MAX. */
export const displayNameOf = (name: string | undefined): string | null =>
  name
    ?.replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, PERSON_NAME_MAX) || null;

/**
 * Someone who signed in (GET /api/people, staff): their name (their account's, or the one they set) and when they
 * last signed in. The web app shows the name wherever an email stood, the email on hover.
 */
export const personSchema = z
  .object({
    email: z.string(),
    name: z
      .string()
      .optional()
      .meta({ description: 'Absent: they have not named themselves and their account has no name' }),
    signedInAt: z.iso.datetime({ offset: true }).optional().meta({ description: 'When they last signed in' }),
  })
  .meta({ id: 'Person' });
export type Person = z.output<typeof personSchema>;
