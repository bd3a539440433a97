// Contact details of the vendor (the company that sells Vigie), shared by the landing page
// and the dashboard's top bar. Static on purpose: marketing content, not tenant data.
// The numbers sit in ranges reserved for fiction/documentation until the real ones are known.

export const PRODUCT_NAME = 'Vigie';
export const PRODUCT_VERSION = 'v1.0 - Production';

export interface VendorPhone {
  country: 'UK' | 'ES' | 'FR' | 'US';
  label: string;
  display: string;
  /** E.164, used in tel: links. */
  e164: string;
}

export const vendorPhones: readonly VendorPhone[] = [
  { country: 'UK', label: 'Royaume-Uni', display: '+44 20 7946 0123', e164: '+442079460123' },
  { country: 'ES', label: 'Espagne', display: '+34 910 000 123', e164: '+34910000123' },
  { country: 'FR', label: 'France', display: '+33 1 99 00 12 34', e164: '+33199001234' },
  { country: 'US', label: 'États-Unis', display: '+1 202 555 0147', e164: '+12025550147' },
];

/** The number shown in the landing header and as the support line in the dashboard. */
export const supportPhone: VendorPhone = {
  country: 'FR',
  label: 'Support 24/7',
  display: '+33 1 99 00 12 34',
  e164: '+33199001234',
};

export const vendorWebsite = { url: 'https://vigie.example.com', label: 'vigie.example.com' };
