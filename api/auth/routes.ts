// Login, consent, captcha, password change, logout and the screen-permission check (spec/1 §4, §7;
// spec/3 §2.5, §4.5, §4.6, §7; DESIGN.md §5).
import fs from 'node:fs';
import path from 'node:path';
import send from 'koa-send';
import { z } from 'zod';
import { text } from '../../db/resources/input';
import type { AppDeps } from '../deps';
import { ForbiddenError, NotFoundError, RuleError, ValidationError } from '../errors';
import { defineRoute } from '../http';
import { verifyCredentials, findUserByUsername, type UserRow } from '../services/credentials';
import {
  hashPassword,
  passwordPolicyViolation,
  verifyPassword,
  MIN_PASSWORD_LENGTH,
} from '../services/passwords';
import { AUTH_USER_COLUMNS, type AuthUser } from '../services/session';

// Passwords are taken as typed (spaces and all).
const password = (max: number) => text(max, { trim: false });

const credentials = z.object({
  Username: text(100).min(1),
  Password: password(200).min(1),
  Captcha: text(20).optional(),
  Captcha_Id: text(64).optional(),
});

function clientMeta(ctx: { ip: string; get(h: string): string }) {
  return { ip: ctx.ip || 'unknown', userAgent: ctx.get('user-agent') };
}

export async function buildUserData(deps: AppDeps, userId: number) {
  const user = (await deps.db('users').where({ id: userId }).first(AUTH_USER_COLUMNS)) as AuthUser;
  const menus = await deps.permissions.menuTree(user);
  return {
    Id: user.id,
    Username: user.username,
    Employee_Number: user.employee_number,
    Full_Name: user.full_name,
    Email: user.email,
    Role: user.role,
    Is_Admin: user.is_admin,
    Use_AD: user.use_ad,
    Department: user.department,
    Language: user.language,
    Transporter_Code: user.transporter_code,
    Customer_Vendor_Code: user.customer_vendor_code,
    Menus: menus,
  };
}

function nextStep(deps: AppDeps, user: UserRow) {
  if (!user.privacy_consent_date) {
    return { success: false, messageCode: 'NEED_CONSENT', message: 'auth.needConsent' };
  }
  if (user.must_change_password && !user.use_ad) {
    const reset = user.change_password_reason === 'RESET';
    return {
      success: false,
      messageCode: reset ? 'CHANGE_PASS' : 'FIRST_LOGIN',
      message: reset ? 'auth.changePass' : 'auth.firstLogin',
      data: { change_token: deps.sessions.changeTicket(user.id, user.password_hash ?? '') },
    };
  }
  return undefined;
}

const changePasswordBody = z
  .object({
    username: text(100).min(1),
    currentPass: password(200).optional().default(''),
    newPass: password(200).min(1),
    confirmPass: password(200).optional(),
    changeFirstLogin: z.boolean().optional().default(false),
    change_token: text(2000).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.newPass.length < MIN_PASSWORD_LENGTH) {
      ctx.addIssue({
        code: 'custom',
        path: ['newPass'],
        message: 'validation.minLength',
        params: { min: MIN_PASSWORD_LENGTH },
      });
    }
    if (v.confirmPass !== undefined && v.confirmPass !== v.newPass) {
      ctx.addIssue({ code: 'custom', path: ['confirmPass'], message: 'validation.passwordMismatch' });
    }
  });

export const authRoutes = [
  defineRoute({
    method: 'get',
    path: '/auth/captcha',
    summary: 'A new captcha challenge (image and id); required on login after 3 failed attempts.',
    access: 'public',
    handler: async ({ deps }) => ({ data: await deps.captcha.issue(deps.now()) }),
  }),

  defineRoute({
    method: 'post',
    path: '/auth/check_consent',
    summary: 'Checks the credentials and whether the privacy consent is still needed (NEED_CONSENT).',
    access: 'public',
    body: credentials,
    handler: async ({ deps, body, ctx }) => {
      const user = await verifyCredentials(deps, body, clientMeta(ctx).ip);
      return user.privacy_consent_date
        ? { messageCode: '' }
        : { messageCode: 'NEED_CONSENT', message: 'auth.needConsent' };
    },
  }),

  defineRoute({
    method: 'post',
    path: '/auth/save_consent',
    summary: 'Records the privacy consent of the user, with its time.',
    access: 'public',
    body: credentials,
    handler: async ({ deps, body, ctx }) => {
      const user = await verifyCredentials(deps, body, clientMeta(ctx).ip);
      if (!user.privacy_consent_date) {
        await deps
          .db('users')
          .where({ id: user.id })
          .update({ privacy_consent_date: deps.now(), edited_date: deps.now(), edited_by: user.username });
      }
      return { message: 'auth.consentSaved' };
    },
  }),

  defineRoute({
    method: 'post',
    path: '/auth/login',
    summary: 'Logs in. Answers NEED_CONSENT, FIRST_LOGIN or CHANGE_PASS when a step comes first.',
    access: 'public',
    body: credentials,
    handler: async ({ deps, body, ctx }) => {
      const meta = clientMeta(ctx);
      const user = await verifyCredentials(deps, body, meta.ip);
      const step = nextStep(deps, user);
      if (step) return step;
      const now = deps.now();
      const { token, expires } = await deps.sessions.issue(user.id, meta, now);
      await deps.db('users').where({ id: user.id }).update({ last_login_date: now });
      const userData = await buildUserData(deps, user.id);
      return {
        message: 'auth.loginSuccess',
        messageParams: { name: user.full_name },
        data: { token, token_expiry: expires.toISOString(), user_data: { ...userData, Token: token } },
      };
    },
  }),

  defineRoute({
    method: 'post',
    path: '/auth/change_password',
    summary:
      'Changes a password: with the current password, or with the ticket of a FIRST_LOGIN/CHANGE_PASS answer.',
    access: 'public',
    body: changePasswordBody,
    handler: async ({ deps, body, ctx, user: signedIn }) => {
      const now = deps.now();
      if (signedIn && signedIn.username.toLowerCase() !== body.username.toLowerCase()) {
        throw new ForbiddenError('auth.notYourAccount');
      }
      const target = await findUserByUsername(deps, body.username);
      let user: UserRow;
      const ticketUser = body.change_token
        ? deps.sessions.readChangeTicket(body.change_token, target?.password_hash ?? null)
        : undefined;
      if (target && ticketUser === target.id) {
        user = target;
      } else if (body.change_token && !body.currentPass) {
        throw new RuleError('CHANGE_TOKEN_INVALID', 'auth.changeTokenInvalid');
      } else if (signedIn && target) {
        // Signed in: the current password must be right, and wrong guesses count like login failures.
        if (!(await verifyPassword(target.password_hash, body.currentPass))) {
          await deps.loginGuard.record(target.username, clientMeta(ctx).ip, false, 'PASSWORD', now);
          throw new RuleError('CURRENT_PASSWORD_WRONG', 'auth.currentPasswordWrong');
        }
        user = target;
      } else {
        user = await verifyCredentials(
          deps,
          { Username: body.username, Password: body.currentPass },
          clientMeta(ctx).ip,
        );
      }
      if (user.use_ad) throw new RuleError('DIRECTORY_ACCOUNT', 'auth.directoryAccount');
      const violation = passwordPolicyViolation(body.newPass, user.username);
      if (violation) {
        throw new ValidationError({ newPass: [{ key: violation, params: { min: MIN_PASSWORD_LENGTH } }] });
      }
      if (await verifyPassword(user.password_hash, body.newPass)) {
        throw new ValidationError({ newPass: [{ key: 'validation.passwordSameAsOld' }] });
      }
      const passwordHash = await hashPassword(body.newPass);
      await deps.db.transaction(async (trx) => {
        await trx('users').where({ id: user.id }).update({
          password_hash: passwordHash,
          must_change_password: false,
          change_password_reason: null,
          password_changed_date: now,
          edited_date: now,
          edited_by: user.username,
        });
        await deps.sessions.revokeAllOfUser(user.id, 'PASSWORD_CHANGED', trx);
      });
      return { message: 'auth.passwordChanged' };
    },
  }),

  defineRoute({
    method: 'get',
    path: '/auth/get_privacy_consent_url',
    summary: 'Privacy policy URL (message) and terms-of-service URL (message_code).',
    access: 'public',
    handler: ({ deps, ctx }) => {
      ctx.body = {
        success: true,
        message: deps.config.PRIVACY_POLICY_URL,
        message_code: deps.config.TERMS_OF_SERVICE_URL,
      };
    },
  }),

  defineRoute({
    method: 'get',
    path: '/auth/download_mobile',
    summary: 'The Android driver app (APK) configured on the server.',
    access: 'public',
    handler: async ({ deps, ctx }) => {
      const file = path.resolve(deps.config.MOBILE_APK_PATH);
      if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new NotFoundError('auth.fileNotFound');
      ctx.attachment(path.basename(file));
      ctx.type = 'application/vnd.android.package-archive';
      await send(ctx, path.basename(file), { root: path.dirname(file) });
    },
  }),

  defineRoute({
    method: 'post',
    path: '/logout',
    summary: 'Ends the session: the token is refused from the next request on.',
    access: 'public',
    handler: async ({ deps, tokenId }) => {
      if (tokenId) await deps.sessions.revoke(tokenId, 'LOGOUT');
      return { message: 'auth.logoutSuccess' };
    },
  }),

  ...['/auth/permission', '/auth'].map((p) =>
    defineRoute({
      method: 'post',
      path: p,
      summary: 'Screen permission check: View/Create/Edit/Delete of a menu for the signed-in user.',
      access: 'authenticated',
      body: z.object({
        menu_controller: text(100).min(1),
        menu_action: text(100).optional(),
        menu_check: text(100).optional(),
      }),
      handler: async ({ deps, body, user }) => {
        return { data: await deps.permissions.screenFlags(user, body.menu_controller, body.menu_action) };
      },
    }),
  ),
];
