import { renameDeviceBody } from '../../../../domain/schemas/sync';
import type { Device } from '../../../api/devices';
import { checkWith, OneFieldDialog } from '../../../ui/OneFieldDialog';

/** «Renombrar» a counter device (issue #31 item 6): the name the back office and its sales show ("Caja 3F9A" → "Mostrador 1"). */
export function DeviceRenameDialog({ device, onClose, onSave }: { device: Device | null; onClose: () => void; onSave: (name: string) => Promise<string | null> }) {
  return (
    <OneFieldDialog
      subject={device}
      title="Renombrar dispositivo"
      label="Nombre"
      initial={device?.name ?? ''}
      placeholder="Ej. Mostrador 1"
      parse={(text) => checkWith(renameDeviceBody, { name: text }, (body) => body.name)}
      onSave={onSave}
      onClose={onClose}
    />
  );
}
