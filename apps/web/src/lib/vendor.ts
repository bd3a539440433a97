// Contact details of the vendor (the company that sells Vigie), shared by the landing page
// and the dashboard's top bar. Static on purpose: marketing content, not tenant data.

export const PRODUCT_NAME = 'Vigie';
export const PRODUCT_VERSION = 'v1.0 - Production';

export interface VendorPhone {
  label: string;
  display: string;
  /** E.164 (digits and a leading +), used in tel: links. */
  e164: string;
}

/**
 * The vendor's numbers come from the instance's configuration (CONTACT_PHONES), put by the server in
 * a <meta> tag of the page: none is shown until they are set, rather than numbers nobody answers.
 */
function readContactPhones(): VendorPhone[] {
  const content =
    typeof document === 'undefined'
      ? null
      : document.querySelector('meta[name="vigie-contact-phones"]')?.getAttribute('content');
  if (!content) return [];
  try {
    const parsed: unknown = JSON.parse(content);
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter(
        (p): p is { label: string; display: string } =>
          typeof p?.label === 'string' && typeof p?.display === 'string',
      )
      .map((p) => ({ label: p.label, display: p.display, e164: p.display.replace(/[^\d+]/g, '') }));
  } catch {
    return [];
  }
}

export const vendorPhones: readonly VendorPhone[] = readContactPhones();

/** The number shown in the landing header and as the support line in the dashboard (the first one). */
export const supportPhone: VendorPhone | null = vendorPhones[0] ?? null;

export const vendorWebsite = { url: 'https://vigie.example.com', label: 'vigie.example.com' };
