/**
 * The POS warning that this tablet's clock is wrong (issue #29 item 2; src/offline/clock.ts knows it from
 * the server time of every push and pull reply). Sales still go through: the server books one whose time
 * is impossible on the time it arrived, flagged for the owner; the warning is so the cashier fixes the clock.
 */
import { Alert, Text } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { clockWarning, storedClock } from '../offline/clock';
import { formatDateTime } from '../ui/dates';

/** How often the warning looks at the clock again (a clock fixed or changed while the page is open). */
const RECHECK_MS = 15_000;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const YEAR = 365.25 * DAY;

/** "26 años", "3 días", "5 horas", "12 minutos": how far off, in the largest unit that fits. */
export function howFarOff(ms: number): string {
  const [size, one, many] =
    ms >= YEAR ? [YEAR, 'año', 'años'] : ms >= DAY ? [DAY, 'día', 'días'] : ms >= HOUR ? [HOUR, 'hora', 'horas'] : [MINUTE, 'minuto', 'minutos'];
  const count = Math.max(1, Math.floor(ms / size));
  return `${count} ${count === 1 ? one : many}`;
}

export function ClockWarning() {
  const stored = useLiveQuery(storedClock);
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((tick) => tick + 1), RECHECK_MS);
    return () => clearInterval(timer);
  }, []);
  const warning = clockWarning(stored);
  if (!warning) return null;
  const device = formatDateTime(new Date(warning.deviceMs).toISOString());
  const real = warning.serverMs === null ? null : formatDateTime(new Date(warning.serverMs).toISOString());
  return (
    <Alert color="error" role="alert" icon={<IconClockExclamation aria-hidden />} title="El reloj de esta tablet está mal" data-testid="clock-warning">
      <Text size="sm">
        {warning.serverMs === null
          ? `Marca ${device}, antes de la última vez que habló con el servidor: está atrasado. `
          : `Marca ${device} y son las ${real} (hora del servidor): está ${warning.deviceMs < warning.serverMs ? 'atrasado' : 'adelantado'} ${howFarOff(Math.abs(warning.deviceMs - warning.serverMs))}. `}
        Corregí la fecha y la hora en los ajustes de la tablet. Las ventas se registran igual: si su fecha es imposible, quedan con la hora
        en que llegan al servidor y marcadas para que el dueño las revise.
      </Text>
    </Alert>
  );
}
