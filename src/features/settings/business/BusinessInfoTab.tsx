import { Button, Group, Stack } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { MSG } from '../../../../domain/messages';
import { fetchBusinessInfo, updateBusinessInfo } from '../../../api/business';
import { useBusiness } from '../../../app/business-context';
import { CenteredLoader } from '../../../ui/CenteredLoader';
import { FeedbackAlert } from '../../../ui/FeedbackAlert';
import { useFeedback } from '../../../ui/useFeedback';
import { businessToForm, formToBusiness, type BusinessFormValues } from './business-form';
import { BusinessInfoFields } from './BusinessInfoFields';

/** Información del Negocio: loads the record, saves it whole, and updates the header's name (setInfo). */
export function BusinessInfoTab() {
  const { setInfo } = useBusiness();
  const [values, setValues] = useState<BusinessFormValues | null>(null);
  const [nameError, setNameError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const { feedback, report, fail, clear } = useFeedback();

  useEffect(() => {
    let active = true;
    fetchBusinessInfo().then((result) => {
      if (!active) return;
      if (!result.success) fail(result.message);
      setValues(businessToForm(result.success ? result.data : null));
    });
    return () => {
      active = false;
    };
  }, [fail]);

  if (!values) return <CenteredLoader label="Cargando información del negocio" />;

  const set = (key: keyof BusinessFormValues, value: string) => setValues((v) => (v ? { ...v, [key]: value } : v));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!values.businessName.trim()) {
      setNameError('El nombre del negocio es obligatorio');
      return;
    }
    setNameError(undefined);
    setSaving(true);
    const result = await updateBusinessInfo(formToBusiness(values));
    setSaving(false);
    if (!result.success) {
      fail(result.message || MSG.businessInfoFormError);
      return;
    }
    report(result, MSG.businessInfoUpdated);
    setInfo(result.data);
    setValues(businessToForm(result.data));
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <BusinessInfoFields values={values} set={set} nameError={nameError} />
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
