import { create } from 'zustand';
import { feedback, navigation } from './feedback';
import i18n from './i18n';
import { queryClient } from './query';
import { request, setAuthHooks } from './request';
import { local } from './storage';

const TOKEN_KEY = 'bw-token';

interface SessionState {
  token: string | null;
  /** True after the user (or a lost-session dialog) logged out: the login page then opens plain. */
  loggedOut: boolean;
  setToken(token: string | null): void;
}

/** The login state kept client-side (spec section 4): the token; user info and menu come from login/info. */
export const useSession = create<SessionState>((set) => ({
  token: local.get<string | null>(TOKEN_KEY, null),
  loggedOut: false,
  setToken: (token) => {
    if (token) local.set(TOKEN_KEY, token);
    else local.remove(TOKEN_KEY);
    set({ token, loggedOut: false });
  },
}));

const logoutListeners = new Set<() => void>();
/** Lets the workspace empty its tabs on logout without the session knowing about tabs. */
export function onLogout(listener: () => void): () => void {
  logoutListeners.add(listener);
  return () => logoutListeners.delete(listener);
}

/** Clears everything the client keeps, tells the server, and goes to the login page. */
export async function logout(): Promise<void> {
  const token = useSession.getState().token;
  if (token) await request('/auth/api/login/logout', { method: 'POST', errorMode: 'silent' }).catch(() => undefined);
  local.remove(TOKEN_KEY);
  useSession.setState({ token: null, loggedOut: true });
  logoutListeners.forEach((l) => l());
  queryClient.clear();
  navigation.current?.('/login', { replace: true });
}

let dialogOpen = false;

/** The 401 and 9999 dialogs of spec section 8: one at a time, not closable by clicking outside. */
export function showSessionLost(kind: 'unauthorized' | 'replaced'): void {
  if (dialogOpen || !useSession.getState().token) return;
  const api = feedback.current;
  if (!api) {
    void logout();
    return;
  }
  dialogOpen = true;
  const close = () => {
    dialogOpen = false;
  };
  if (kind === 'replaced') {
    api.modal.warning({
      title: i18n.t('session.title'),
      content: i18n.t('session.replacedContent'),
      okText: i18n.t('session.relogin'),
      maskClosable: false,
      keyboard: false,
      closable: false,
      onOk: () => {
        close();
        return logout();
      },
    });
    return;
  }
  api.modal.confirm({
    title: i18n.t('session.title'),
    content: i18n.t('session.unauthorizedContent'),
    okText: i18n.t('session.relogin'),
    cancelText: i18n.t('session.stay'),
    maskClosable: false,
    keyboard: false,
    closable: false,
    onOk: () => {
      close();
      return logout();
    },
    onCancel: close,
  });
}

setAuthHooks({
  getToken: () => useSession.getState().token,
  onSessionLost: showSessionLost,
});
