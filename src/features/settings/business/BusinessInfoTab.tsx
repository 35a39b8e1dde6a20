import { Button, Group, Stack } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { MSG } from '../../../../domain/messages';
import { businessInfoBody } from '../../../../domain/schemas/business';
import { fetchBusinessInfo, updateBusinessInfo } from '../../../api/business';
import { useBusiness } from '../../../session/business-context';
import { CenteredLoader } from '../../../ui/CenteredLoader';
import { FeedbackAlert } from '../../../ui/FeedbackAlert';
import { LoadFailed } from '../../../ui/LoadFailed';
import { checkWithSchema } from '../../../ui/schema-form';
import { useFeedback } from '../../../ui/useFeedback';
import { invoiceKeys, useArcaSettings } from '../../invoices/invoice-queries';
import { businessToForm, type BusinessFormValues } from './business-form';
import { BusinessInfoFields } from './BusinessInfoFields';

/**
 * Información del Negocio: loads the record, saves it whole, and updates the header's name (setInfo).
 * The PUT replaces every field, so the form only exists once the record loaded: a failed load shows the
 * error with "Reintentar" and a disabled "Guardar", never blank fields that would wipe the business.
 */
export function BusinessInfoTab() {
  const { setInfo } = useBusiness();
  const queryClient = useQueryClient();
  // The issuer's CUIT and condition fixed by ARCA_* are shown locked (issue #33.1).
  const arca = useArcaSettings();
  const [values, setValues] = useState<BusinessFormValues | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [nameError, setNameError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const { feedback, report, fail, clear } = useFeedback();

  const load = useCallback(async (isActive: () => boolean = () => true) => {
    setLoading(true);
    const result = await fetchBusinessInfo();
    if (!isActive()) return;
    setLoading(false);
    setLoadError(result.success ? null : result.message || MSG.businessInfoGetError);
    if (result.success) setValues(businessToForm(result.data));
  }, []);

  useEffect(() => {
    let active = true;
    void load(() => active);
    return () => {
      active = false;
    };
  }, [load]);

  if (!values && loadError) {
    return (
      <Stack gap="md">
        <LoadFailed message={loadError} onRetry={() => void load()} retrying={loading} />
        <Group justify="flex-end">
          <Button size="md" leftSection={<IconDeviceFloppy size={18} />} disabled>
            Guardar Información
          </Button>
        </Group>
      </Stack>
    );
  }
  if (!values) return <CenteredLoader label="Cargando información del negocio" />;

  const set = (key: keyof BusinessFormValues, value: string) => setValues((v) => (v ? { ...v, [key]: value } : v));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    // The server's schema: the name is required, CUIT, e-mail, phones, web and logo must be well formed.
    const checked = checkWithSchema(businessInfoBody, values, { businessName: 'El nombre del negocio' });
    setNameError(checked.errors?.businessName);
    if (checked.errors?.form) fail(checked.errors.form);
    else clear();
    if (checked.data === null) return;
    setSaving(true);
    const result = await updateBusinessInfo(checked.data);
    setSaving(false);
    if (!result.success) {
      fail(result.message || MSG.businessInfoFormError);
      return;
    }
    report(result, MSG.businessInfoUpdated);
    setInfo(result.data);
    // Invoicing reads the issuer's facts from here: its status and settings change with them.
    await queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
    setValues(businessToForm(result.data));
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <BusinessInfoFields values={values} set={set} nameError={nameError} locked={arca.data?.lockedByEnv ?? []} />
        <FeedbackAlert feedback={feedback} onClose={clear} />
        <Group justify="flex-end">
          <Button type="submit" size="md" leftSection={<IconDeviceFloppy size={18} />} loading={saving}>
            Guardar Información
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
