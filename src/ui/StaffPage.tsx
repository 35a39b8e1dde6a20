import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageTitle } from './PageTitle';
import classes from './touch.module.css';

/** A back-office screen: title row (with optional actions) and content, with touch-sized controls. */
export function StaffPage({ title, actions, children }: { title: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <Stack className={classes.touch} gap="md">
      <PageTitle actions={actions}>{title}</PageTitle>
      {children}
    </Stack>
  );
}
