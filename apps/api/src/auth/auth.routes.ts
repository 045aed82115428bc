import { Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import { AppError } from '../errors/app-error';
import type { AccessTokens } from './access-token';
import { exchangeIdToken } from './auth.service';
import { bearerToken } from './bearer';
import type { IdTokenVerifier } from './id-token-verifier';

export function authRoutes(deps: { verifier: IdTokenVerifier; tokens: AccessTokens; loginRateLimit: number }) {
  const router = Router();
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

  router.post('/login', loginLimiter, async (req, res) => {
    res.json(await exchangeIdToken(bearerToken(req.get('authorization')), deps.verifier, deps.tokens));
  });
  return router;
}
