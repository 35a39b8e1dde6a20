/** Sessions (docs/spec.md §7): sign in (public), who am I, change the password, sign out (revokes this session's token). */
import { changePasswordBody, loginBody, loginDto, publicUser, tokenDto } from '../schemas/auth';
import { endpoint, noData } from './endpoint';

export const authApi = {
  login: endpoint('POST /auth/login', { body: loginBody, reply: loginDto }),
  me: endpoint('GET /auth/me', { reply: publicUser }),
  changePassword: endpoint('POST /auth/change-password', { body: changePasswordBody, reply: tokenDto }),
  logout: endpoint('POST /auth/logout', { reply: noData }),
};
