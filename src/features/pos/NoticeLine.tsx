/** The POS's notice line (notify.ts): a polite live region beside the title, with a named close button. */
import { CloseButton, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { dismissNotice, usePosNotice } from './notify';
import classes from './pos.module.css';

export function NoticeLine() {
  const notice = usePosNotice();
  return (
    <div role="status" aria-live="polite" className={classes.notice}>
      {notice && (
        <Group key={notice.id} gap="xs" wrap="nowrap" className={classes.noticeBox} data-kind={notice.kind}>
          {notice.kind === 'success' ? <IconCircleCheck size={22} /> : <IconAlertTriangle size={22} />}
          <Text fw={500}>{notice.message}</Text>
          <CloseButton size="lg" aria-label="Cerrar aviso" onClick={dismissNotice} />
        </Group>
      )}
    </div>
  );
}
