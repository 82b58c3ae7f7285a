import { lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { SiteLayout } from '../features/layout/site-layout';
import FinderPage from '../features/finder/finder-page';

const LoginPage = lazy(() => import('../features/auth/login-page'));
const RegisterPage = lazy(() => import('../features/auth/register-page'));
const HomePage = lazy(() => import('../features/auth/home-page'));
const GoogleAuthTestPage = lazy(() => import('../features/auth/google-auth-test-page'));
const AdminPage = lazy(() => import('../features/admin/admin-page'));
const PrivacyPolicyPage = lazy(() => import('../features/legal/privacy-policy-page'));
const CookiesPolicyPage = lazy(() => import('../features/legal/cookies-policy-page'));
const DataSecurityPage = lazy(() => import('../features/legal/data-security-page'));
const DisclaimerPage = lazy(() => import('../features/legal/disclaimer-page'));

/** Routes of spec section 2; the fallback shows the login screen. */
export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<SiteLayout />}>
          <Route path="/" element={<FinderPage />} />
          <Route path="/products" element={<FinderPage />} />
          <Route path="/login" element={<LoginPage />} />
          <Route path="/register" element={<RegisterPage />} />
          <Route path="/home" element={<HomePage />} />
          <Route path="/admin" element={<AdminPage />} />
          <Route path="/google-auth-test" element={<GoogleAuthTestPage />} />
          <Route path="/privacy-policy" element={<PrivacyPolicyPage />} />
          <Route path="/cookies-policy" element={<CookiesPolicyPage />} />
          <Route path="/data-security" element={<DataSecurityPage />} />
          <Route path="/disclaimer" element={<DisclaimerPage />} />
          <Route path="*" element={<LoginPage />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
