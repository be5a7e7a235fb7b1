import { userView } from './me.js';
import { loginCodeRefusal } from './request-login-code.js';
import { openSession } from '../session.js';
import { WebError, text, type WebContext } from '../web-context.js';
import { LoginCodeError, LoginCodes, normalizePhone } from '../../platform/people/login-codes.js';
import type { UserRow } from '../../storage/store.js';

/** The name of the device each signed-in tab is (ADR 0055). */
export const WEB_DEVICE_NAME = 'Web browser';

/**
 * POST /web/api/sign-in: with `code_id` and `code` (a login code from `POST /web/api/sign-in/code`,
 * both profiles), signs in as the person the code was sent to. Without them, in the `local` profile
 * only, signs in as the person with `phone_number`, or creates that person when `first_name` is
 * given. The tab becomes a device of the person, online while its event stream is open.
 */
export async function signIn({ platform, profile, input, client }: WebContext) {
  const codeId = text(input, 'code_id');
  if (codeId !== undefined) {
    const person = await signInByCode(
      platform,
      text(input, 'phone_number', true),
      codeId,
      text(input, 'code', true),
      client,
    );
    return openDevice(platform, person);
  }
  if (profile !== 'local') {
    throw new WebError(
      403,
      'SIGN_IN_BY_CODE_REQUIRED',
      'the strict profile signs in by a login code: POST /web/api/sign-in/code, then code_id and code',
    );
  }
  const phone = normalizePhone(text(input, 'phone_number', true));
  const firstName = text(input, 'first_name');
  let user = await platform.deps.store.getUserByPhone(phone);
  if (user?.is_bot) user = undefined;
  if (!user) {
    if (firstName === undefined) {
      throw new WebError(
        404,
        'USER_NOT_FOUND',
        'no person with this phone number: give a name to create one',
      );
    }
    user = await platform.users.createUser({
      phone_number: phone,
      first_name: firstName,
      last_name: text(input, 'last_name'),
    });
  }
  return openDevice(platform, user);
}

async function signInByCode(
  platform: WebContext['platform'],
  phone: string,
  codeId: string,
  code: string,
  client: string,
) {
  try {
    return await new LoginCodes(platform).check(phone, codeId, code, client);
  } catch (error) {
    if (error instanceof LoginCodeError) throw loginCodeRefusal(error);
    throw error;
  }
}

/** A new device of the person, and the session token of the tab that is it. */
async function openDevice(platform: WebContext['platform'], user: UserRow) {
  const device = await platform.devices.add(String(user.id), { name: WEB_DEVICE_NAME, online: false });
  const token = await platform.deps.store.write((tx) =>
    openSession(tx, { userId: user.id, deviceId: device.id }),
  );
  return { token, user: userView(user), device_id: device.id };
}
