import type { RequestHandler, Response } from 'express';
import type { AccessClaims } from '@smart-zone/types/auth';
import { forbidden, unauthorized } from '../errors/app-error';
import type { AccessTokens } from './access-token';
import { bearerToken } from './bearer';

/** Every write and all of /myitem: a valid accessToken of a user whose email counts as verified. */
export function requireVerifiedUser(tokens: AccessTokens): RequestHandler {
  return (req, res, next) => {
    const token = bearerToken(req.get('authorization'));
    if (!token) throw unauthorized('Sign in to do this');
    const claims = tokens.verify(token);
    if (!claims) throw unauthorized('Your session has expired or is invalid. Please sign in again.');
    if (!claims.verified) throw forbidden('Your Email is not verified!!');
    res.locals.user = claims;
    next();
  };
}

/** The caller set by requireVerifiedUser. */
export function currentUser(res: Response): AccessClaims {
  return res.locals.user as AccessClaims;
}
