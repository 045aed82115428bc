import type { PeopleRepository } from '../store/store';
import { rateLimit } from 'express-rate-limit';
import { loginResultSchema, meSchema } from '@smart-zone/types/api-schemas';
import type { Me } from '@smart-zone/types/auth';
import { AppError } from '../errors/app-error';
import { json } from '../http/route-docs';
import { route } from '../http/route';
import type { AccessTokens } from './access-token';
import { exchangeIdToken } from './auth.service';
import { bearerToken } from './bearer';
import type { IdTokenVerifier } from './id-token-verifier';
import { currentUser, type Guards } from './require-user';

/** POST /login trades a Firebase ID token for our accessToken; GET /me says who that token is. */
export function authRoutes(deps: {
  verifier: IdTokenVerifier;
  tokens: AccessTokens;
  loginRateLimit: number;
  roleOf: Guards['roleOf'];
  people: PeopleRepository;
}) {
  const loginLimiter = rateLimit({
    windowMs: 60_000,
    limit: deps.loginRateLimit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, _res, next) =>
      next(
        new AppError(
          429,
          'rate_limited',
          'Too many sign-in attempts. Please wait a minute and try again.',
          undefined,
          `sign-in limit: ${deps.loginRateLimit} a minute per address`,
        ),
      ),
  });

  return [
    route({
      method: 'post',
      path: '/login',
      operationId: 'login',
      tag: 'account',
      summary: 'Exchange a Firebase ID token for an accessToken (an email alone never works)',
      description:
        'The ID token goes as `Authorization: Bearer`. A password account must have verified its email to write.',
      access: 'idToken',
      before: [loginLimiter],
      responses: {
        '200': { description: 'An accessToken (JWT, JWT_TTL_SECONDS)', content: json(loginResultSchema) },
      },
      refusals: { 429: 'Over LOGIN_RATE_LIMIT sign-ins a minute from this address (rate_limited); see Retry-After' },
      async handle(_input, req, res) {
        const signedIn = (email: string, name: string | undefined) => deps.people.signedIn(email, name);
        res.json(await exchangeIdToken(bearerToken(req.get('authorization')), deps.verifier, deps.tokens, signedIn));
      },
    }),

    route({
      method: 'get',
      path: '/me',
      operationId: 'getMe',
      tag: 'account',
      summary: 'Who the caller is, and their role in the team',
      description:
        'The role decides what the caller may do (packages/types/src/roles.ts); null: a visitor, who reads the ' +
        'catalogue and their own deliveries. Read from the team on every call: a change shows at once.',
      access: 'signedIn',
      responses: { '200': { description: 'The caller', content: json(meSchema) } },
      async handle(_input, _req, res) {
        const user = currentUser(res);
        const [role, person] = await Promise.all([deps.roleOf(user), deps.people.get(user.email)]);
        res.json({
          email: user.email,
          uid: user.uid,
          verified: user.verified,
          role,
          staff: role !== null,
          ...(person?.name ? { name: person.name } : {}),
        } satisfies Me);
      },
    }),
  ];
}
