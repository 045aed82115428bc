import { Router } from 'express';
import type { Me } from '@smart-zone/types/auth';
import { currentUser, type Guards } from './require-user';

/** GET /me: who the caller is, and whether this warehouse counts them as staff. */
export function meRoutes(guards: Guards) {
  const router = Router();
  router.get('/me', guards.signedIn, (_req, res) => {
    const user = currentUser(res);
    res.json({ email: user.email, uid: user.uid, verified: user.verified, staff: guards.isStaff(user) } satisfies Me);
  });
  return router;
}
