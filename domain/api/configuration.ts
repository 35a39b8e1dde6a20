/** Configuration entries (docs/spec.md §7): reading needs a session, writing needs the admin. */
import { z } from '../schemas/common';
import { configEntryDto, configKeyParams, configurationQuery, createConfigBody, updateConfigBody } from '../schemas/configuration';
import { endpoint } from './endpoint';

export const configurationApi = {
  list: endpoint('GET /configuration', { query: configurationQuery, reply: z.array(configEntryDto) }),
  categories: endpoint('GET /configuration/categories', { reply: z.array(z.string()) }),
  get: endpoint('GET /configuration/:categoria/:clave', { params: configKeyParams, reply: configEntryDto }),
  update: endpoint('PUT /configuration/:categoria/:clave', { params: configKeyParams, body: updateConfigBody, reply: configEntryDto }),
  create: endpoint('POST /configuration', { body: createConfigBody, reply: configEntryDto, status: 201 }),
};
