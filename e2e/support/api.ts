// Direct API calls for test setup (the real server, over HTTP).
import { baseUrl } from './browser';

let n = 0;
export const uniqueId = () => `${Date.now().toString(36)}${(n++).toString(36)}`;

export async function api<T = unknown>(
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

export interface RegisteredCompany {
  companyName: string;
  ownerName: string;
  email: string;
  password: string;
  token: string;
}

/** Registers a company (plan 'pro' unless told) through the API and logs its owner in. */
export async function registerViaApi(
  label = 'Société',
  plan: 'basic' | 'pro' | 'enterprise' = 'pro',
): Promise<RegisteredCompany> {
  const id = uniqueId();
  const c = {
    companyName: `${label} ${id}`,
    ownerName: `Responsable ${id}`,
    email: `owner-${id}@exemple.fr`,
    password: 'essai-vigie-1',
  };
  const reg = await api('POST', '/api/auth/register', {
    company: { name: c.companyName, email: `contact-${id}@exemple.fr`, subscription: plan },
    admin: { name: c.ownerName, email: c.email, password: c.password, confirmPassword: c.password },
  });
  if (reg.status !== 201) throw new Error(`register failed ${reg.status}`);
  const login = await api<{ access_token: string }>('POST', '/api/auth/login', {
    email: c.email,
    password: c.password,
  });
  return { ...c, token: login.body.access_token };
}
