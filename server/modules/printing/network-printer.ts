/**
 * Raw TCP printing (port 9100, "JetDirect"): connects to the stored printer, writes the bytes, ends the
 * connection and resolves once the printer accepted them all; any socket error or the timeout (connect
 * and write together) rejects and destroys the socket, so a dead printer never holds a request.
 */
import net from 'node:net';

export function sendToPrinter(host: string, port: number, bytes: Uint8Array, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    const fail = (error: Error) => {
      clearTimeout(timer);
      socket.destroy();
      reject(error);
    };
    const timer = setTimeout(() => fail(new Error(`printer ${host}:${port} timed out after ${timeoutMs} ms`)), timeoutMs);
    socket.once('error', fail);
    socket.once('connect', () => {
      socket.end(bytes, () => {
        clearTimeout(timer);
        socket.destroy();
        resolve();
      });
    });
  });
}
