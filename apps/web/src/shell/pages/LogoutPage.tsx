import { useEffect } from 'react';
import { Spin } from 'antd';
import { logout } from '../../lib/session';

/** /logout: ends the session and goes to the login page. */
export function LogoutPage() {
  useEffect(() => {
    void logout();
  }, []);
  return (
    <div className="bw-fullscreen-center">
      <Spin size="large" />
    </div>
  );
}
