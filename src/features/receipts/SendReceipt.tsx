/**
 * «Enviar comprobante» (issue #35 item 4, docs/receipts.md): the button, disabled with the reason in Spanish
 * while the server cannot make the link (offline, sale not synced yet), and its dialog. Opening the dialog
 * asks the server for a fresh link (so «Abrir WhatsApp» opens wa.me within the click, never blocked as a
 * popup), then sends it by WhatsApp (a phone, prefilled from the customer's file) or by e-mail (when the
 * server has SMTP; otherwise the dialog says why not).
 */
import { Alert, Button, Group, Loader, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconBrandWhatsapp, IconMail, IconSend } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { RECEIPT_KIND_NAMES, RECEIPT_MSG, receiptShareText, whatsappDigits, whatsappUrl } from '../../../domain/receipts';
import type { ReceiptChannelsJson, ReceiptLinkJson } from '../../../domain/schemas/receipts';
import { createReceiptLink, emailReceipt, fetchReceiptChannels } from '../../api/receipts';
import { formatDateTime } from '../../ui/dates';
import { StaffModal } from '../../ui/StaffModal';

export interface SendReceiptProps {
  /** The server's id of the sale; null while it has not reached the server. */
  saleId: number | null;
  /** Why it cannot be sent now (offline, not synced), or null. */
  blockedReason: string | null;
  businessName: string;
  customerEmail?: string | null;
  customerPhone?: string | null;
  size?: 'md' | 'sm';
  fullWidth?: boolean;
}

export function SendReceiptButton({ saleId, blockedReason, size = 'md', fullWidth, ...rest }: SendReceiptProps) {
  const [opened, setOpened] = useState(false);
  const blocked = saleId === null || blockedReason !== null;
  return (
    <>
      <Button
        variant="light"
        size={size}
        fullWidth={fullWidth}
        leftSection={<IconSend size={18} />}
        disabled={blocked}
        onClick={() => setOpened(true)}
        aria-describedby={blocked && blockedReason ? `send-receipt-why-${saleId ?? 'local'}` : undefined}
      >
        {RECEIPT_MSG.send}
      </Button>
      {blocked && blockedReason && (
        <Text size="xs" c="dimmed" id={`send-receipt-why-${saleId ?? 'local'}`} data-testid="send-receipt-why">
          {blockedReason}
        </Text>
      )}
      {opened && saleId !== null && <SendReceiptDialog saleId={saleId} onClose={() => setOpened(false)} {...rest} />}
    </>
  );
}

type Loaded = { link: ReceiptLinkJson; channels: ReceiptChannelsJson };

function SendReceiptDialog({ saleId, businessName, customerEmail, customerPhone, onClose }: Omit<SendReceiptProps, 'blockedReason' | 'size' | 'fullWidth'> & { saleId: number; onClose: () => void }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [channel, setChannel] = useState<'whatsapp' | 'email'>('whatsapp');
  const [phone, setPhone] = useState(customerPhone ?? '');
  const [email, setEmail] = useState(customerEmail ?? '');
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    void Promise.all([createReceiptLink(saleId), fetchReceiptChannels()]).then(([link, channels]) => {
      if (!active) return;
      if (!link.success) return setError(link.message);
      setLoaded({ link: link.data, channels: channels.success ? channels.data : { whatsapp: true, email: false } });
      if (link.data.customerPhone) setPhone((typed) => typed || link.data.customerPhone || '');
    });
    return () => {
      active = false;
    };
  }, [saleId]);

  const digits = whatsappDigits(phone);
  const openWhatsApp = () => {
    if (!loaded || !digits) return;
    const text = receiptShareText({ businessName, kind: loaded.link.kind, saleNumber: loaded.link.saleNumber, url: loaded.link.url });
    window.open(whatsappUrl(digits, text), '_blank', 'noopener,noreferrer');
  };
  const sendEmail = async () => {
    setSending(true);
    setEmailError(null);
    const result = await emailReceipt(saleId, email.trim());
    setSending(false);
    if (result.success) setSent(RECEIPT_MSG.emailSent(result.data.to));
    else setEmailError(result.message);
  };

  return (
    <StaffModal opened onClose={onClose} title={RECEIPT_MSG.dialogTitle} size="md">
      <Stack gap="sm" data-testid="send-receipt">
        {error && (
          <Alert color="error" role="alert">
            {error}
          </Alert>
        )}
        {!loaded && !error && (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">Preparando el enlace…</Text>
          </Group>
        )}
        {loaded && (
          <>
            <Text size="sm">
              Se envía {RECEIPT_KIND_NAMES[loaded.link.kind]} de la venta {loaded.link.saleNumber}. {RECEIPT_MSG.linkExpires(formatDateTime(loaded.link.expiresAt))}
            </Text>
            <SegmentedControl
              fullWidth
              value={channel}
              onChange={(value) => setChannel(value as 'whatsapp' | 'email')}
              data={[
                { value: 'whatsapp', label: RECEIPT_MSG.whatsapp },
                { value: 'email', label: RECEIPT_MSG.email },
              ]}
            />
            {channel === 'whatsapp' ? (
              <>
                <TextInput
                  size="md"
                  label={RECEIPT_MSG.phoneLabel}
                  description={RECEIPT_MSG.phoneHelp}
                  inputMode="tel"
                  autoComplete="off"
                  value={phone}
                  onChange={(event) => setPhone(event.currentTarget.value)}
                  error={phone.trim() && !digits ? RECEIPT_MSG.phoneInvalid : undefined}
                />
                <Button size="md" color="green" leftSection={<IconBrandWhatsapp size={20} />} disabled={!digits} onClick={openWhatsApp}>
                  {RECEIPT_MSG.openWhatsApp}
                </Button>
              </>
            ) : loaded.channels.email ? (
              <>
                <TextInput
                  size="md"
                  type="email"
                  label={RECEIPT_MSG.emailLabel}
                  autoComplete="off"
                  value={email}
                  onChange={(event) => setEmail(event.currentTarget.value)}
                  error={emailError ?? undefined}
                />
                <Button size="md" leftSection={<IconMail size={20} />} loading={sending} disabled={!email.trim()} onClick={() => void sendEmail()}>
                  {RECEIPT_MSG.sendEmail}
                </Button>
                {sent && (
                  <Alert color="success" role="status">
                    {sent}
                  </Alert>
                )}
              </>
            ) : (
              <Alert color="warning" role="status" data-testid="email-unavailable">
                {RECEIPT_MSG.emailUnavailable}
              </Alert>
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" size="md" onClick={onClose}>
            Cerrar
          </Button>
        </Group>
      </Stack>
    </StaffModal>
  );
}
