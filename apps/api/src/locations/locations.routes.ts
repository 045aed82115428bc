import { z } from 'zod';
import { deleteResultSchema, idParams } from '@smart-zone/types/api-schemas';
import { reasonQuerySchema } from '@smart-zone/types/audit';
import { TOTAL_COUNT_HEADER } from '@smart-zone/types/item';
import {
  LOCATION_DEPTH_MAX,
  locationItemSchema,
  locationItemsQuerySchema,
  locationListQuerySchema,
  locationPatchSchema,
  locationSchema,
  newLocationSchema,
  type LocationRefusal,
} from '@smart-zone/types/location';
import { currentAuthor } from '../auth/require-user';
import { AppError } from '../errors/app-error';
import { etagHeader, ifNoneMatch, json, totalCountHeader } from '../http/route-docs';
import { sendPrepared } from '../http/prepared-json';
import { route } from '../http/route';
import type { LocationOutcome, Store } from '../store/store';
import { locationsService } from './locations.service';

/** Each refusal of a location write (decisions/locations.ts), as the API answers it. */
const REFUSALS: Readonly<Record<LocationRefusal, [status: 400 | 404 | 409, message: string]>> = {
  not_found: [404, 'No location with that id'],
  parent_not_found: [400, 'No location with that parentId'],
  name_taken: [409, 'A location of that name is already there'],
  too_deep: [400, `Locations nest at most ${LOCATION_DEPTH_MAX} levels below Main`],
  under_itself: [400, 'A location cannot move under itself or a location inside it'],
  root: [409, 'Main is where all stock starts: it can be renamed, never moved or deleted'],
  has_children: [409, 'Move or delete the locations inside it first'],
  holds_stock: [409, 'Move its stock to another location first'],
};

const answered = (outcome: LocationOutcome) => {
  if (outcome.ok) return outcome.location;
  const [status, message] = REFUSALS[outcome.reason];
  throw new AppError(status, outcome.reason, message);
};

const refusals = (...reasons: LocationRefusal[]) => {
  const byStatus: Partial<Record<400 | 404 | 409, string>> = {};
  for (const reason of reasons) {
    const [status, message] = REFUSALS[reason];
    byStatus[status] = `${byStatus[status] ? `${byStatus[status]}; ` : ''}${message} (${reason})`;
  }
  return byStatus;
};

/** Where stock is (issue 34): every role reads the locations; managers and owners change them. */
export function locationsRoutes(deps: { store: Store }) {
  const { locations } = deps.store;
  const service = locationsService(deps.store);
  return [
    route({
      method: 'get',
      path: '/locations',
      operationId: 'listLocations',
      tag: 'locations',
      summary: 'Locations by path, Main first',
      description:
        '`q`: words that each begin a word of the path, in order ("a3" finds "Shelf A / Bin 3"); `parentId`: ' +
        "that location's direct children. A page, with X-Total-Count and an ETag (If-None-Match: 304).",
      access: 'readStock',
      query: locationListQuerySchema,
      headers: ifNoneMatch,
      responses: {
        '200': {
          description: 'Locations',
          headers: totalCountHeader.extend(etagHeader.shape),
          content: json(z.array(locationSchema)),
        },
      },
      async handle({ query }, req, res) {
        const page = await service.page(query);
        sendPrepared(req, res, page, { [TOTAL_COUNT_HEADER]: String(page.total) });
      },
    }),

    route({
      method: 'get',
      path: '/locations/:id',
      operationId: 'getLocation',
      tag: 'locations',
      summary: 'One location',
      description: 'Its name, its parent, its path and its depth below Main.',
      access: 'readStock',
      params: idParams('location'),
      responses: { '200': { description: 'The location', content: json(locationSchema) } },
      refusals: refusals('not_found'),
      async handle({ params }, _req, res) {
        const location = await locations.get(params.id);
        res.json(answered(location ? { ok: true, location } : { ok: false, reason: 'not_found' }));
      },
    }),

    route({
      method: 'get',
      path: '/locations/:id/items',
      operationId: 'getLocationItems',
      tag: 'locations',
      summary: 'The items holding units at a location, and how many there',
      description:
        'In the order the items were added, paged (`limit` 1–500, default 50; `skip`), with X-Total-Count. Main ' +
        'holds what no other location does. `deep=true`: its sub-locations too, each item once with its units ' +
        'summed.',
      access: 'readStock',
      params: idParams('location'),
      query: locationItemsQuerySchema,
      headers: ifNoneMatch,
      responses: {
        '200': {
          description: 'Its items',
          headers: totalCountHeader.extend(etagHeader.shape),
          content: json(z.array(locationItemSchema)),
        },
      },
      refusals: refusals('not_found'),
      async handle({ params, query }, req, res) {
        const page = await service.items(params.id, query);
        if (!page) throw new AppError(404, 'not_found', REFUSALS.not_found[1]);
        sendPrepared(req, res, page, { [TOTAL_COUNT_HEADER]: String(page.total) });
      },
    }),

    route({
      method: 'post',
      path: '/locations',
      operationId: 'createLocation',
      tag: 'locations',
      summary: 'Add a location',
      description:
        'Under Main unless `parentId` says where; its name unique among the locations beside it (case aside), ' +
        'at most 6 levels below Main.',
      access: 'manageLocations',
      body: newLocationSchema,
      responses: { '201': { description: 'The new location', content: json(locationSchema) } },
      refusals: refusals('parent_not_found', 'too_deep', 'name_taken'),
      async handle({ body }, _req, res) {
        res.status(201).json(answered(await locations.create(body, currentAuthor(res))));
      },
    }),

    route({
      method: 'patch',
      path: '/locations/:id',
      operationId: 'changeLocation',
      tag: 'locations',
      summary: 'Rename a location or move it, with everything inside it',
      description: 'The paths of the locations inside it follow. Main can be renamed, not moved.',
      access: 'manageLocations',
      params: idParams('location'),
      body: locationPatchSchema,
      responses: { '200': { description: 'The location', content: json(locationSchema) } },
      refusals: refusals('not_found', 'parent_not_found', 'too_deep', 'under_itself', 'name_taken', 'root'),
      async handle({ params, body }, _req, res) {
        res.json(answered(await locations.update(params.id, body, currentAuthor(res))));
      },
    }),

    route({
      method: 'delete',
      path: '/locations/:id',
      operationId: 'deleteLocation',
      tag: 'locations',
      summary: 'Delete an empty location',
      description: 'Never Main; a location with locations or stock inside it is refused (409).',
      access: 'manageLocations',
      params: idParams('location'),
      query: reasonQuerySchema,
      responses: { '200': { description: 'Deleted', content: json(deleteResultSchema) } },
      refusals: refusals('not_found', 'root', 'has_children', 'holds_stock'),
      async handle({ params, query }, _req, res) {
        answered(await locations.remove(params.id, currentAuthor(res, query.reason)));
        res.json({ acknowledged: true, deletedCount: 1 });
      },
    }),
  ];
}
