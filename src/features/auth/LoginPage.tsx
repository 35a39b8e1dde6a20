/** Login (docs/spec.md §2): business-name title, Usuario (autofocus), Contraseña, error alert, success → /dashboard. */
// Mantine styles only this lazily loaded screen needs (kept out of the public pages' first load).
import '@mantine/core/styles/PasswordInput.css';
import { Alert, Box, Button, Center, Loader, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconHome, IconLogin } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { FALLBACKS } from '../../../domain/constants';
import { MSG } from '../../../domain/messages';
import { useAuth } from '../../session/auth-context';
import { useBusiness } from '../../session/business-context';
import { ThemeToggle } from '../../ui/ThemeToggle';

export default function LoginPage() {
  const { user, login } = useAuth();
  const { businessName } = useBusiness();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  if (user && !busy) return <Navigate to="/dashboard" replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    const result = await login(username.trim(), password);
    if (result.success) {
      navigate('/dashboard', { replace: true });
      return;
    }
    setError(result.message || MSG.loginError);
    setBusy(false);
  };

  return (
    <Center mih="100dvh" p="md" pos="relative">
      <Box pos="absolute" top={12} right={12}>
        <ThemeToggle />
      </Box>
      <Paper withBorder shadow="md" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={440}>
        <Stack component="form" onSubmit={submit} gap="md">
          <Box ta="center">
            <Title order={1} size="h2" fw={600}>
              {businessName || FALLBACKS.systemName}
            </Title>
            <Text c="dimmed" mt={4}>
              Ingresá tus credenciales para continuar
            </Text>
          </Box>
          {error && (
            <Alert color="error" variant="light" icon={<IconAlertCircle />} role="alert" withCloseButton onClose={() => setError('')}>
              {error}
            </Alert>
          )}
          <TextInput
            label="Usuario"
            name="username"
            autoComplete="username"
            required
            data-autofocus
            autoFocus
            size="md"
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
          />
          <PasswordInput
            label="Contraseña"
            name="password"
            autoComplete="current-password"
            required
            size="md"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Button type="submit" size="md" fullWidth disabled={busy} leftSection={busy ? <Loader size={18} color="gray" /> : <IconLogin size={20} />}>
            {busy ? 'Iniciando sesión...' : 'Iniciar Sesión'}
          </Button>
          <Button variant="subtle" size="md" leftSection={<IconHome size={20} />} onClick={() => navigate('/')}>
            Volver al Inicio
          </Button>
          <Text ta="center" size="sm" c="dimmed">
            Sistema de Punto de Venta v1.0
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
