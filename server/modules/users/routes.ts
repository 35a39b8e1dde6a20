/** GET/POST /users, PUT /users/:id — admin only; described in domain/api/users.ts. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pathOf } from '../../../domain/api/endpoint';
import { usersApi as api } from '../../../domain/api/users';
import { schemaOf } from '../../http/endpoint-schema';
import { ok } from '../../http/envelope';
import { createUser, listUsers, updateUser } from './service';

const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['usuarios'];
  const security = [{ bearerAuth: [] }];
  const admin = { onRequest: [app.requireAdmin] };

  app.get(pathOf(api.list.key), { ...admin, schema: schemaOf(api.list, { tags, security, summary: 'Usuarios' }) }, async () => ok(await listUsers(app.store)));

  app.post(pathOf(api.create.key), { ...admin, schema: schemaOf(api.create, { tags, security, summary: 'Crea un usuario' }) }, async (req, reply) =>
    reply.status(201).send(ok(await createUser(app.store, req.body), 'Usuario creado correctamente')),
  );

  app.put(pathOf(api.update.key), { ...admin, schema: schemaOf(api.update, { tags, security, summary: 'Modifica un usuario' }) }, async (req) =>
    ok(await updateUser(app.store, req.params.id, req.body, req.user.id), 'Usuario actualizado correctamente'),
  );
};

export default usersRoutes;
