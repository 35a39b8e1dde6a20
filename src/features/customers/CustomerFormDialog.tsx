/** Create or edit a customer of the file (back office). The admin also sets the cuenta corriente and its limit. */
import { Button, Group, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { createCustomer, updateCustomer, type Customer } from '../../api/customers';
import { CUSTOMER_MSG } from '../../offline/customer-messages';
import { ErrorAlert } from '../../ui/ErrorAlert';
import type { FieldErrors } from '../../ui/schema-form';
import { StaffModal } from '../../ui/StaffModal';
import { checkCustomer, customerValues, type CustomerField, type CustomerValues } from './customer-form';
import { CustomerFields } from './CustomerFields';

export interface CustomerFormDialogProps {
  opened: boolean;
  customer: Customer | null;
  isAdmin: boolean;
  onClose: () => void;
  onSaved: (message: string) => void | Promise<void>;
}

export function CustomerFormDialog({ opened, customer, isAdmin, onClose, onSaved }: CustomerFormDialogProps) {
  const [values, setValues] = useState<CustomerValues>(customerValues(customer));
  const [errors, setErrors] = useState<FieldErrors<CustomerField>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (opened) {
      setValues(customerValues(customer));
      setErrors({});
    }
  }, [opened, customer]);

  const save = async () => {
    const checked = checkCustomer(values, isAdmin);
    if (!checked.data) {
      setErrors(checked.errors);
      return;
    }
    setBusy(true);
    setErrors({});
    const result = customer ? await updateCustomer(customer.id, checked.data) : await createCustomer(checked.data);
    setBusy(false);
    if (!result.success) {
      setErrors({ form: result.message });
      return;
    }
    await onSaved(customer ? CUSTOMER_MSG.updated : CUSTOMER_MSG.created);
  };

  return (
    <StaffModal opened={opened} onClose={onClose} title={customer ? 'Editar cliente' : 'Nuevo cliente'}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack gap="sm">
          <ErrorAlert message={errors.form} />
          <CustomerFields values={values} errors={errors} onChange={(patch) => setValues((v) => ({ ...v, ...patch }))} full withAccount={isAdmin} disabled={busy} />
          <Group justify="flex-end">
            <Button variant="default" size="md" onClick={onClose} disabled={busy}>
              Cancelar
            </Button>
            <Button type="submit" size="md" loading={busy}>
              Guardar
            </Button>
          </Group>
        </Stack>
      </form>
    </StaffModal>
  );
}
