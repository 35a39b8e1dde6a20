import { Text } from '@mantine/core';
import { deviceCaeaBody } from '../../../../domain/schemas/sync';
import type { Device } from '../../../api/devices';
import { checkWith, OneFieldDialog } from '../../../ui/OneFieldDialog';

/**
 * "Punto de venta CAEA" of a counter device (issue #11): the point of sale it numbers invoices on while it
 * cannot reach the server. Each device its own, so devices offline at once never share a sequence; the
 * server checks it is unique and not the server's. Empty removes it.
 */
export function DeviceCaeaDialog({ device, onClose, onSave }: { device: Device | null; onClose: () => void; onSave: (caeaPtoVta: number | null) => Promise<string | null> }) {
  return (
    <OneFieldDialog
      subject={device}
      title="Punto de venta CAEA"
      label="Punto de venta CAEA"
      initial={device?.caeaPtoVta ? String(device.caeaPtoVta) : ''}
      placeholder="Ej. 91 (vacío: ninguno)"
      inputMode="numeric"
      parse={(text) => checkWith(deviceCaeaBody, { caeaPtoVta: text.trim() === '' ? null : text.trim() }, (body) => body.caeaPtoVta)}
      onSave={onSave}
      onClose={onClose}
    >
      <Text>
        Punto de venta habilitado para CAEA de <b>{device?.name || 'Mostrador sin nombre'}</b>. Lo usa para facturar cuando no puede comunicarse con el servidor.
        Cada mostrador necesita uno distinto.
      </Text>
    </OneFieldDialog>
  );
}
