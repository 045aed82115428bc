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
