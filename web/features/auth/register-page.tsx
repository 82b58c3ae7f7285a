import { AccountsPending } from './accounts-pending';

export default function RegisterPage() {
  return <AccountsPending title="Create a New Account" />;
}
