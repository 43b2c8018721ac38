import { Alert, Anchor, Box, Button, Checkbox, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { homeFor, login, useCurrentUser } from '../../lib/auth-store';
import { studio } from '../../lib/config';
import { StudioLogo } from '../../lib/ui/studio-logo';
import classes from './login.module.css';
import { readRememberedUsername, rememberUsername } from './remembered-username';
import { safeReturnUrl } from './return-url';

type Field = 'username' | 'password';

// The spec's own wording (§5); the login form is not a resource form, so it does not use the shared schema sentences.
const REQUIRED: Record<Field, string> = { username: 'Username is required', password: 'Password is required' };

/** /auth/login: 'Sign in to account' (spec §2 Login screen, §5). */
export function LoginPage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [values, setValues] = useState<Record<Field, string>>(() => ({ username: readRememberedUsername(), password: '' }));
  const [touched, setTouched] = useState<Record<Field, boolean>>({ username: false, password: false });
  const [remember, setRemember] = useState(() => readRememberedUsername() !== '');
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useDocumentTitle(`Sign in | ${studio.name}`);

  // an already signed-in user has nothing to do here (spec §2)
  if (user && !loading) return <Navigate to={homeFor(user)} replace />;

  const errors: Partial<Record<Field, string>> = {};
  if (!values.username.trim()) errors.username = REQUIRED.username;
  if (!values.password) errors.password = REQUIRED.password;
  const invalid = Object.keys(errors).length > 0;

  const change = (field: Field) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
  };
  const touch = (field: Field) => () => setTouched((t) => ({ ...t, [field]: true }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched({ username: true, password: true });
    if (invalid || loading) return;
    setLoading(true);
    setFailure(null);
    try {
      const username = values.username.trim();
      await login(username, values.password);
      rememberUsername(remember ? username : null);
      void navigate(safeReturnUrl(params.get('returnUrl')), { replace: true });
    } catch (error) {
      setLoading(false);
      setFailure(error instanceof ApiError ? error.firstError('username') : 'Sign in failed. Please try again.');
    }
  }

  return (
    <Box className={classes.page} data-testid="login-page">
      <Paper className={classes.card} radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="md" withBorder>
        <Stack gap="lg">
          <Box className={classes.logo}>
            <StudioLogo size={48} tagline />
          </Box>
          <div>
            <Title order={1} size="h3">
              Sign in to account
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              Enter your Username &amp; password to login
            </Text>
          </div>
          {window.isSecureContext === false && (
            // issue 18: a till opened as http://192.168.x.x gets no service worker: it cannot sell offline
            <Alert color="yellow" variant="light" data-testid="insecure-address">
              This address is not secure (plain HTTP): this device cannot keep selling when the connection drops. Use the studio&apos;s https:// address.
            </Alert>
          )}
          {failure !== null && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="login-error" role="alert">
              {/* plain text on purpose: the server's words are never rendered as HTML */}
              {failure}
            </Alert>
          )}
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <TextInput
                label="Username"
                name="username"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                placeholder="Your username"
                value={values.username}
                onChange={change('username')}
                onBlur={touch('username')}
                error={touched.username ? errors.username : undefined}
                withAsterisk
                data-autofocus
              />
              <PasswordInput
                label="Password"
                name="password"
                autoComplete="current-password"
                placeholder="*********"
                value={values.password}
                onChange={change('password')}
                onBlur={touch('password')}
                error={touched.password ? errors.password : undefined}
                withAsterisk
                visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
              />
              <Checkbox label="Remember password" checked={remember} onChange={(e) => setRemember(e.currentTarget.checked)} />
              <Button type="submit" fullWidth size="md" disabled={invalid || loading} data-testid="login-submit">
                {loading ? 'Signing In...' : 'Sign In'}
              </Button>
            </Stack>
          </form>
          <Text size="xs" c="dimmed" ta="center">
            {studio.address} · <Anchor href={`tel:${studio.phone.replace(/\s+/g, '')}`} size="xs">{studio.phone}</Anchor>
          </Text>
        </Stack>
      </Paper>
    </Box>
  );
}
