import type { Response } from 'supertest';
import type { Me } from '@smart-zone/types/auth';
import type { DeliveredItem } from '@smart-zone/types/delivery';
import { type ErrorBody, isErrorBody } from '@smart-zone/types/errors';
import type { Item, StockMovement } from '@smart-zone/types/item';
import type { ClientConfig } from '@smart-zone/types/client-config';
import type { HealthResult, InsertResult, LoginResult } from '@smart-zone/types/responses';

/**
 * supertest types every body as `any`; these read it as the contract in
 * packages/types says it is, so a test's property reads are type-checked.
 */
export const itemOf = (res: Response) => res.body as Item;
export const itemsOf = (res: Response) => res.body as Item[];
export const insertedOf = (res: Response) => res.body as InsertResult;
export const deliveriesOf = (res: Response) => res.body as DeliveredItem[];
export const meOf = (res: Response) => res.body as Me;
export const movementsOf = (res: Response) => res.body as StockMovement[];
export const loginOf = (res: Response) => res.body as LoginResult;
export const healthOf = (res: Response) => res.body as HealthResult;
export const clientConfigOf = (res: Response) => res.body as ClientConfig;

/**
 * The one error shape, checked (not assumed): fails the test when the body is something else, or when its
 * requestId is not the answer's X-Request-Id. Returns the rest (the id differs on every request).
 */
export function errorOf(res: Response): Omit<ErrorBody['error'], 'requestId'> {
  const body: unknown = res.body;
  if (!isErrorBody(body)) throw new Error(`Expected an error body, got ${res.status} ${JSON.stringify(body)}`);
  const { requestId, ...error } = body.error;
  const header: unknown = res.headers['x-request-id'];
  if (typeof requestId !== 'string' || requestId !== header) {
    throw new Error(`Expected error.requestId to be the X-Request-Id header (${String(header)}), got ${requestId}`);
  }
  return error;
}

/** Asymmetric matchers typed `unknown` instead of jest's `any`. */
export const anyObjectId: unknown = expect.stringMatching(/^[0-9a-f]{24}$/);
export const anyString: unknown = expect.any(String);
