import type * as LoginApi from './login';

// Validation (the contract's schema, hence zod) and the API calls are loaded on first submit:
// the login page's first load must stay under 120 KB gzipped.
let loginApi: Promise<typeof LoginApi> | undefined;

export function loadLoginApi() {
  loginApi ??= import('./login');
  return loginApi;
}
