import { Route, Routes } from 'react-router';
import { RedirectIfSignedIn, RequireSession } from './guards';
import {
  AgentSpace,
  AppShell,
  AuthLayout,
  DashboardLayout,
  Kiosk,
  Login,
  NotFound,
  dashboardPages as pages,
  RegisterCompany,
  RegisterRedirect,
  Verification,
} from './route-modules';
import { LandingRoute } from './routes/landing';

// The route table (the prototype's paths). Declarative React Router (not the data router): the data router
// alone weighs ~30 KB gzipped, which the landing page's 100 KB budget cannot afford. Every page
// but the landing is lazy-loaded into its own chunk (route-modules.tsx), which also starts each
// signed-in route's code and data together, as a data router's loaders would.
const Overview = pages['/dashboard'];
const Sites = pages['/dashboard/sites'];
const Cameras = pages['/dashboard/cameras'];
const Alarms = pages['/dashboard/alarms'];
const Panels = pages['/dashboard/alarms/panels'];
const Logbook = pages['/dashboard/logbook'];
const MapView = pages['/dashboard/map'];
const GuardTours = pages['/dashboard/tours'];
const Access = pages['/dashboard/access'];
const Radio = pages['/dashboard/radio'];
const RadioJournal = pages['/dashboard/radio/journal'];
const Reports = pages['/dashboard/reports'];
const SecurityReports = pages['/dashboard/security-reports'];
const Planning = pages['/dashboard/planning'];
const MyService = pages['/dashboard/service'];
const Settings = pages['/dashboard/settings'];

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LandingRoute />} />
      <Route path="/borne" element={<Kiosk />} />
      <Route path="/verification/dossier?/:fingerprint" element={<Verification />} />
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
            <Route path="alarms/panels" element={<Panels />} />
            <Route path="logbook" element={<Logbook />} />
            <Route path="map" element={<MapView />} />
            <Route path="tours" element={<GuardTours />} />
            <Route path="access" element={<Access />} />
            <Route path="radio" element={<Radio />} />
            <Route path="radio/journal" element={<RadioJournal />} />
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
