/**
 * Sync (docs/sync.md): a device registers once (signed-in user), then pushes sales and pulls the
 * catalogue with its credential; the admin lists, renames, revokes and removes devices, assigns their
 * CAEA point of sale and reads the pushed sales the server rejected (quarantine).
 */
import { z } from '../schemas/common';
import { deviceCaeaBody, deviceIdParam, deviceJson, deviceRegistration, pendingExportFile, pendingImportReply, pullQuery, pullReply, pushBody, pushReply, quarantinedSaleJson, quarantineQuery, registerDeviceBody, renameDeviceBody } from '../schemas/sync';
import { endpoint, noData } from './endpoint';

export const syncApi = {
  register: endpoint('POST /sync/devices/register', { body: registerDeviceBody, reply: deviceRegistration, status: 201 }),
  push: endpoint('POST /sync/push', { body: pushBody, reply: pushReply }),
  pull: endpoint('GET /sync/pull', { query: pullQuery, reply: pullReply }),
  devices: endpoint('GET /sync/devices', { reply: z.array(deviceJson) }),
  rename: endpoint('PUT /sync/devices/:id', { params: deviceIdParam, body: renameDeviceBody, reply: deviceJson }),
  revoke: endpoint('POST /sync/devices/:id/revoke', { params: deviceIdParam, reply: deviceJson }),
  remove: endpoint('DELETE /sync/devices/:id', { params: deviceIdParam, reply: noData }),
  importPending: endpoint('POST /sync/import', { body: pendingExportFile, reply: pendingImportReply }),
  /** Pushed sales the server rejected, with their bodies, newest first (issue #29). */
  quarantine: endpoint('GET /sync/quarantine', { query: quarantineQuery, reply: z.array(quarantinedSaleJson) }),
  setCaeaPtoVta: endpoint('PUT /sync/devices/:id/caea-pto-vta', { params: deviceIdParam, body: deviceCaeaBody, reply: deviceJson }),
};
