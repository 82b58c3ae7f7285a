import { AccountsPending } from './accounts-pending';

export default function LoginPage() {
  return <AccountsPending title="Welcome Back" />;
}
