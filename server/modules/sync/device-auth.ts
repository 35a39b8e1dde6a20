/**
 * The device credential on a request (headers x-device-id + x-device-key, devices-service.ts).
 * `requireDevice`: the request speaks for a registered device, or 401; a valid session alongside
 * names who is signed in (`request.pusher`), but is not needed: a device offline longer than a session
 * lasts still delivers what it captured. `deviceOrSession`: a device, or else a signed-in user.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { MSG } from '../../../domain/messages';
import type { PublicUser } from '../../../domain/schemas/auth';
import type { Store } from '../../db/store';
import { DEVICE_ID_HEADER, DEVICE_KEY_HEADER } from './device-credential';
import type { DeviceRow } from './devices-repository';
import { verifyDevice } from './devices-service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The device whose credential this request proved. */
    device?: DeviceRow;
    /** The signed-in user alongside the device credential, or null (the device alone). */
    pusher?: PublicUser | null;
  }
}

const header = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  return typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : null;
};

/** The registered device the request's headers prove, or null (absent, unknown or wrong key). */
export async function deviceFromHeaders(store: Store, headers: IncomingHttpHeaders): Promise<DeviceRow | null> {
  const id = header(headers, DEVICE_ID_HEADER);
  const key = header(headers, DEVICE_KEY_HEADER);
  return id && key ? verifyDevice(store, id, key) : null;
}

export function deviceHooks(app: FastifyInstance) {
  async function requireDevice(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const device = await deviceFromHeaders(app.store, request.headers);
    if (!device) return reply.status(401).send({ success: false, message: MSG.deviceCredentialRequired });
    request.device = device;
    request.pusher = await app.sessionUser(request);
  }

  async function deviceOrSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (request.headers[DEVICE_ID_HEADER] !== undefined || request.headers[DEVICE_KEY_HEADER] !== undefined) return requireDevice(request, reply);
    return app.authenticate(request, reply);
  }

  return { requireDevice, deviceOrSession };
}
