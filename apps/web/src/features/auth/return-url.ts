/** The returnUrl query parameter, kept only when it is a path inside this app (never another site). */
export function safeReturnUrl(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (value.startsWith('/auth/login')) return '/';
  return value;
}
