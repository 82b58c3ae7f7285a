import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
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
export const router = createBrowserRouter([
  {
    element: <SiteLayout />,
    children: [
      { path: '/', element: <FinderPage /> },
      { path: '/products', element: <FinderPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/home', element: <HomePage /> },
      { path: '/admin', element: <AdminPage /> },
      { path: '/google-auth-test', element: <GoogleAuthTestPage /> },
      { path: '/privacy-policy', element: <PrivacyPolicyPage /> },
      { path: '/cookies-policy', element: <CookiesPolicyPage /> },
      { path: '/data-security', element: <DataSecurityPage /> },
      { path: '/disclaimer', element: <DisclaimerPage /> },
      { path: '*', element: <LoginPage /> },
    ],
  },
]);
