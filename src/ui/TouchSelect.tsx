import { Select, type SelectProps } from '@mantine/core';

/** A back-office select: 44 px field and options, above dialogs, and a value always chosen. */
export function TouchSelect(props: SelectProps) {
  return <Select size="md" allowDeselect={false} comboboxProps={{ zIndex: 500 }} styles={{ option: { minHeight: 44 } }} {...props} />;
}
