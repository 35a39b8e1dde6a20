/** Sessions (docs/spec.md §7): sign in (public), who am I, change the password. */
import { changePasswordBody, loginBody, loginDto, publicUser, tokenDto } from '../schemas/auth';
import { endpoint } from './endpoint';

export const authApi = {
  login: endpoint('POST /auth/login', { body: loginBody, reply: loginDto }),
  me: endpoint('GET /auth/me', { reply: publicUser }),
  changePassword: endpoint('POST /auth/change-password', { body: changePasswordBody, reply: tokenDto }),
};
