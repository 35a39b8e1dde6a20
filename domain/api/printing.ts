/**
 * Printing (issue #35, docs/printing.md): the admin sets each device's printer; a device reads its own
 * settings and sends ESC/POS bytes to its network printer through the server (raw TCP, port 9100 usually).
 */
import { deviceIdParam } from '../schemas/sync';
import { printBody, printerSettings, printReply } from '../schemas/printing';
import { endpoint } from './endpoint';

export const printingApi = {
  deviceSettings: endpoint('GET /printing/devices/:id', { params: deviceIdParam, reply: printerSettings }),
  setDeviceSettings: endpoint('PUT /printing/devices/:id', { params: deviceIdParam, body: printerSettings, reply: printerSettings }),
  /** The requesting device's own settings (device credential). */
  mine: endpoint('GET /printing/settings', { reply: printerSettings }),
  /** Sends the bytes to the requesting device's network printer (device credential and a signed-in user). */
  print: endpoint('POST /printing/print', { body: printBody, reply: printReply }),
};
