/**
 * The account forms' own rules (SPEC 5 "Login", "Activation form", "Invite", "Input modal", SPEC
 * section "Lengths"), written once (docs/forms.md): one zod/mini schema per form, named by the
 * request's fields as a refusal names them. The browser judges its draft with them and words each
 * message through its form's one table of Croatian texts. The activation's names are judged by the
 * server with the same schema; the other lengths are the forms' own (the server checks what it
 * needs of an address or a password by the wire contract's request schemas).
 */
import * as z from 'zod/mini';
import { cleanLine } from '../text.ts';
import { SERVER_MESSAGES } from '../serverMessages.ts';

/** SPEC "Lengths". Counted in characters (code points), as the server counts names. */
export const ACCOUNT_FORM_RULES = {
  /** Login: e-mail and password, trimmed, longer than this. */
  loginLongerThan: 5,
  /** Activation: first and last name, trimmed, longer than this. */
  nameLongerThan: 2,
  /** Activation and new password: at least this many. */
  passwordMinLength: 8,
  /** Invite: the trimmed e-mail longer than this. */
  inviteEmailLongerThan: 5,
  /** Input modal: the button from this many, Enter beyond it. */
  emailModalMinLength: 5,
} as const;

const R = ACCOUNT_FORM_RULES;

/**
 * SPEC 5's password rules, the one definition: the server refuses a password by them (each with
 * its English message, server/auth/password-rules.ts) and the activation and new-password forms
 * tick them off as the user types (each with its Croatian text, src/machines/passwordRules.ts).
 */
export const PASSWORD_RULES = [
  {
    rule: 'minLength',
    test: (password: string) => [...password].length >= R.passwordMinLength,
  },
  { rule: 'lowercase', test: (password: string) => /\p{Ll}/u.test(password) },
  { rule: 'uppercase', test: (password: string) => /\p{Lu}/u.test(password) },
  { rule: 'digit', test: (password: string) => /\d/.test(password) },
  { rule: 'special', test: (password: string) => /[^\p{L}\p{N}\s]/u.test(password) },
] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number]['rule'];
const characters = (text: string) => [...text].length;

/** The schemas' messages: the server's where it judges the same rule, the form's own otherwise. */
export const ACCOUNT_FORM_MESSAGES = {
  longerThan: (field: string, min: number) => `${field} must be longer than ${min} characters.`,
  roleNotOffered: 'Roles must name a role the inviter may give.',
} as const;

/** A text whose trimmed value must be longer than `min` characters (kept as typed). */
const trimmedLongerThan = (field: string, min: number) =>
  z.string().check(
    z.refine((text) => characters(text.trim()) > min, {
      error: ACCOUNT_FORM_MESSAGES.longerThan(field, min),
    }),
  );

/** A person's name, cleaned as stored (src/api/text.ts), longer than SPEC's minimum. */
const personName = (field: string) =>
  z.string().check(
    z.overwrite(cleanLine),
    z.refine((name) => characters(name) > R.nameLongerThan, {
      error: ACCOUNT_FORM_MESSAGES.longerThan(field, R.nameLongerThan),
    }),
  );

/** SPEC 5 "Login": e-mail and password, each trimmed, longer than 5 characters. */
export const loginFormSchema = z.object({
  Email: trimmedLongerThan('Email', R.loginLongerThan),
  Password: trimmedLongerThan('Password', R.loginLongerThan),
});

/**
 * SPEC 5 "Activation form": names longer than 2 characters (the server judges them with this
 * schema too, `activationNamesSchema`) and a password of at least 8 (the server's further
 * password rules are its own, SERVER_MESSAGES).
 */
export const activationNamesSchema = z.object({
  Name: personName('Name'),
  Surname: personName('Surname'),
});
export const activationFormSchema = z.extend(activationNamesSchema, {
  Password: z.string().check(
    z.refine((password) => characters(password) >= R.passwordMinLength, {
      error: SERVER_MESSAGES.passwordTooShort(R.passwordMinLength),
    }),
  ),
});

/** SPEC 5 "Invite": the trimmed e-mail longer than 5 characters and a role the inviter may give. */
export const inviteFormSchema = (roleOptions: readonly string[]) =>
  z.object({
    Email: trimmedLongerThan('Email', R.inviteEmailLongerThan),
    Roles: z.string().check(
      z.refine((role) => roleOptions.includes(role), {
        error: ACCOUNT_FORM_MESSAGES.roleNotOffered,
      }),
    ),
  });
