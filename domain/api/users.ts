/** Staff users (admin only): list, create, update (name, role, active, password reset). */
import { createUserBody, publicUser, updateUserBody } from '../schemas/auth';
import { idParam, z } from '../schemas/common';
import { endpoint } from './endpoint';

export const usersApi = {
  list: endpoint('GET /users', { reply: z.array(publicUser) }),
  create: endpoint('POST /users', { body: createUserBody, reply: publicUser, status: 201 }),
  update: endpoint('PUT /users/:id', { params: idParam, body: updateUserBody, reply: publicUser }),
};
