/** GET/POST /users, PUT /users/:id — admin only. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createUserBody, updateUserBody } from '../../../domain/schemas/auth';
import { idParam } from '../../../domain/schemas/common';
import { ok } from '../../http/envelope';
import { createUser, listUsers, updateUser } from './service';

const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { onRequest: [app.requireAdmin], schema: { tags: ['usuarios'] } };

  app.get('/users', admin, async () => ok(listUsers(app.db)));

  app.post('/users', { ...admin, schema: { ...admin.schema, body: createUserBody } }, async (req, reply) =>
    reply.status(201).send(ok(await createUser(app.db, req.body), 'Usuario creado correctamente')),
  );

  app.put('/users/:id', { ...admin, schema: { ...admin.schema, params: idParam, body: updateUserBody } }, async (req) =>
    ok(await updateUser(app.db, req.params.id, req.body, req.user.id), 'Usuario actualizado correctamente'),
  );
};

export default usersRoutes;
