import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { RedirectIfSignedIn, RequireSession } from './guards';
import { lazyPage } from './lazy-page';
import { LandingRoute } from './routes/landing';

// Spec section 2, route table. Declarative React Router (not the data router): the data router
// alone weighs ~30 KB gzipped, which the landing page's 100 KB budget cannot afford. Every page
// but the landing is lazy-loaded into its own chunk.
const AppShell = lazy(() => import('./app-shell'));
const AuthLayout = lazyPage(() => import('./layouts/auth-layout'));
const DashboardLayout = lazyPage(() => import('./layouts/dashboard-layout'));
const Login = lazyPage(() => import('./routes/login'));
const RegisterCompany = lazyPage(() => import('./routes/register-company'));
const RegisterRedirect = lazyPage(() => import('./routes/register-redirect'));
const NotFound = lazyPage(() => import('./routes/not-found'));
const Overview = lazyPage(() => import('./routes/overview'));
const Sites = lazyPage(() => import('./routes/sites'));
const Cameras = lazyPage(() => import('./routes/cameras'));
const Alarms = lazyPage(() => import('./routes/alarms'));
const Access = lazyPage(() => import('./routes/access'));
const Radio = lazyPage(() => import('./routes/radio'));
const Reports = lazyPage(() => import('./routes/reports'));
const SecurityReports = lazyPage(() => import('./routes/security-reports'));
const Logbook = lazyPage(() => import('./routes/logbook'));
const GuardTours = lazyPage(() => import('./routes/guard-tours'));
const Planning = lazyPage(() => import('./routes/planning'));
const MyService = lazyPage(() => import('./routes/my-service'));
const AgentSpace = lazyPage(() => import('./routes/agent'));
const Settings = lazyPage(() => import('./routes/settings'));
const Kiosk = lazyPage(() => import('./routes/kiosk'));
const Verification = lazyPage(() => import('./routes/verification'));

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LandingRoute />} />
      <Route path="/borne" element={<Kiosk />} />
      <Route path="/verification/:fingerprint" element={<Verification />} />
      <Route element={<AppShell />}>
        <Route element={<RedirectIfSignedIn />}>
          <Route element={<AuthLayout />}>
            <Route path="/login" element={<Login />} />
            <Route path="/register-company" element={<RegisterCompany />} />
          </Route>
        </Route>
        <Route path="/register" element={<RegisterRedirect />} />
        {/* The agent's phone space: signed in, with its own phone layout (no back-office menu). */}
        <Route path="/agent" element={<RequireSession />}>
          <Route index element={<AgentSpace />} />
        </Route>
        <Route path="/dashboard" element={<RequireSession />}>
          <Route element={<DashboardLayout />}>
            <Route index element={<Overview />} />
            <Route path="sites" element={<Sites />} />
            <Route path="cameras" element={<Cameras />} />
            <Route path="alarms" element={<Alarms />} />
            <Route path="logbook" element={<Logbook />} />
            <Route path="tours" element={<GuardTours />} />
            <Route path="access" element={<Access />} />
            <Route path="radio" element={<Radio />} />
            <Route path="reports" element={<Reports />} />
            <Route path="security-reports" element={<SecurityReports />} />
            <Route path="planning" element={<Planning />} />
            <Route path="service" element={<MyService />} />
            <Route path="settings" element={<Settings />} />
          </Route>
        </Route>
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
