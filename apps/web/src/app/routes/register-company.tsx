import RegisterCompanyPage from '../../features/auth/register-company-page';

export const Component = RegisterCompanyPage;
