import { z } from 'zod';
import { personNameSchema, personSchema } from '@smart-zone/types/team';
import { currentAuthor, currentUser } from '../auth/require-user';
import { json } from '../http/route-docs';
import { route } from '../http/route';
import type { Store } from '../store/store';

/**
 * People as people read them (issue 36): staff read everyone's display name (the web app shows it wherever an
 * email stood, the email on hover); each verified person sets their own.
 */
export function peopleRoutes(deps: { store: Store }) {
  const { people } = deps.store;
  return [
    route({
      method: 'get',
      path: '/people',
      operationId: 'listPeople',
      tag: 'team',
      summary: 'Everyone who signed in: their display names and when they last signed in',
      description:
        'By email. A name is the account’s (a Google account’s) until the person sets their own (PUT /me/name). ' +
        'Staff only: a visitor reads no one’s name.',
      access: 'readStock',
      responses: { '200': { description: 'People', content: json(z.array(personSchema)) } },
      async handle(_input, _req, res) {
        res.json(await people.list());
      },
    }),

    route({
      method: 'put',
      path: '/me/name',
      operationId: 'setMyName',
      tag: 'account',
      summary: 'Set the name the app calls you by',
      description: '1–60 characters, spaces collapsed. Kept in the audit (`member.name`).',
      access: 'nameOneself',
      body: personNameSchema,
      responses: { '200': { description: 'You, named', content: json(personSchema) } },
      async handle({ body }, _req, res) {
        res.json(await people.setName(currentUser(res).email, body.name, currentAuthor(res)));
      },
    }),
  ];
}
