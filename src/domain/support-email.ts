/**
 * Spec §9: the support email exists in configuration (the web setting `support.email`). Only an
 * address of the plain name@domain.tld shape is offered as a mailto link; anything else (empty, a
 * URL, a typo with spaces) shows nothing rather than a broken link.
 */
const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

export function supportEmail(value: string | undefined): string | null {
  const trimmed = value?.trim() ?? "";
  return trimmed.length <= 254 && EMAIL.test(trimmed) ? trimmed : null;
}
